package courier

import "time"

// Address is a pickup or drop-off location.
type Address struct {
	Line1    string `json:"line1"`
	Postcode string `json:"postcode"`
	Phone    string `json:"phone,omitempty"`
}

// BookingRequest is the body of POST /v1/bookings.
type BookingRequest struct {
	ClientReference string    `json:"client_reference"`
	Pickup          Address   `json:"pickup"`
	Dropoff         Address   `json:"dropoff"`
	ReadyAt         time.Time `json:"ready_at"`
	DeliverBy       time.Time `json:"deliver_by"`
	Parcels         int       `json:"parcels"`
	Chilled         bool      `json:"chilled"`
}

// BookingBuilder assembles a BookingRequest.
type BookingBuilder struct {
	req BookingRequest
}

// NewBooking starts a booking for the given client reference.
func NewBooking(clientRef string) *BookingBuilder {
	return &BookingBuilder{req: BookingRequest{ClientReference: clientRef, Parcels: 1}}
}

// From sets the pickup store.
func (b *BookingBuilder) From(storeID, postcode string) *BookingBuilder {
	b.req.Pickup = Address{Line1: "Store " + storeID, Postcode: postcode}
	return b
}

// To sets the customer address.
func (b *BookingBuilder) To(line1, postcode, phone string) *BookingBuilder {
	b.req.Dropoff = Address{Line1: line1, Postcode: postcode, Phone: phone}
	return b
}

// Window sets ready and deliver-by times.
func (b *BookingBuilder) Window(ready, by time.Time) *BookingBuilder {
	b.req.ReadyAt, b.req.DeliverBy = ready, by
	return b
}

// Parcels sets the number of bags.
func (b *BookingBuilder) Parcels(n int) *BookingBuilder {
	if n > 0 {
		b.req.Parcels = n
	}
	return b
}

// Chilled marks the booking as needing a chilled vehicle.
func (b *BookingBuilder) Chilled(v bool) *BookingBuilder {
	b.req.Chilled = v
	return b
}

// Build returns the request.
func (b *BookingBuilder) Build() BookingRequest { return b.req }

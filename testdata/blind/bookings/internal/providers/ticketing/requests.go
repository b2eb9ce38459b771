package ticketing

import (
	"context"
	"net/http"
	"time"
)

// Passenger is the travelling customer.
type Passenger struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// IssueRequest asks the partner to issue a ticket for a booking. Build it
// with NewIssueRequest and the With* methods.
type IssueRequest struct {
	TripID          string    `json:"trip_id"`
	BookingRef      string    `json:"booking_ref"`
	ClientReference string    `json:"client_reference"`
	FareClass       string    `json:"fare_class"`
	Passenger       Passenger `json:"passenger"`
	Seats           []string  `json:"seats"`
	CallbackURL     string    `json:"callback_url,omitempty"`

	idempotencyKey string
}

// NewIssueRequest starts an issue request.
func NewIssueRequest(tripID, bookingRef string) *IssueRequest {
	return &IssueRequest{TripID: tripID, BookingRef: bookingRef, FareClass: "standard"}
}

// WithPassenger sets the passenger.
func (r *IssueRequest) WithPassenger(name, email string) *IssueRequest {
	r.Passenger = Passenger{Name: name, Email: email}
	return r
}

// WithSeats sets the seat numbers.
func (r *IssueRequest) WithSeats(seats ...string) *IssueRequest {
	r.Seats = append(r.Seats[:0], seats...)
	return r
}

// WithFareClass sets the fare class.
func (r *IssueRequest) WithFareClass(fc string) *IssueRequest {
	if fc != "" {
		r.FareClass = fc
	}
	return r
}

// WithClientReference sets the reference the partner deduplicates on.
func (r *IssueRequest) WithClientReference(ref string) *IssueRequest {
	r.ClientReference = ref
	return r
}

// WithCallback asks the partner to POST the result to url when issuance is
// deferred.
func (r *IssueRequest) WithCallback(url string) *IssueRequest {
	r.CallbackURL = url
	return r
}

// WithIdempotencyKey sets the Idempotency-Key header.
func (r *IssueRequest) WithIdempotencyKey(k string) *IssueRequest {
	r.idempotencyKey = k
	return r
}

// IssueResponse is the partner's answer. Status is "issued" when the ticket
// is ready or "pending" when it will arrive through the callback.
type IssueResponse struct {
	TicketNumber string    `json:"ticket_number"`
	PartnerRef   string    `json:"partner_ref"`
	Status       string    `json:"status"`
	PDFURL       string    `json:"pdf_url"`
	IssuedAt     time.Time `json:"issued_at"`
}

// IssueTicket asks the partner to issue a ticket.
func (c *Client) IssueTicket(ctx context.Context, req *IssueRequest) (*IssueResponse, error) {
	var out IssueResponse
	err := c.request(http.MethodPost, "/v2/tickets").
		JSON(req).
		IdempotencyKey(req.idempotencyKey).
		Do(ctx, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// ReissueRequest asks the partner to replace an existing ticket (seat or
// name change, damaged barcode).
type ReissueRequest struct {
	TicketNumber    string   `json:"ticket_number"`
	Reason          string   `json:"reason"`
	ClientReference string   `json:"client_reference"`
	Seats           []string `json:"seats,omitempty"`

	idempotencyKey string
}

// NewReissueRequest starts a reissue request.
func NewReissueRequest(ticketNumber string) *ReissueRequest {
	return &ReissueRequest{TicketNumber: ticketNumber}
}

// WithReason sets the reissue reason.
func (r *ReissueRequest) WithReason(reason string) *ReissueRequest {
	r.Reason = reason
	return r
}

// WithSeats overrides the seats on the new ticket.
func (r *ReissueRequest) WithSeats(seats ...string) *ReissueRequest {
	r.Seats = seats
	return r
}

// WithClientReference sets the reference the partner deduplicates on.
func (r *ReissueRequest) WithClientReference(ref string) *ReissueRequest {
	r.ClientReference = ref
	return r
}

// WithIdempotencyKey sets the Idempotency-Key header.
func (r *ReissueRequest) WithIdempotencyKey(k string) *ReissueRequest {
	r.idempotencyKey = k
	return r
}

// ReissueTicket replaces a ticket and returns the new one.
func (c *Client) ReissueTicket(ctx context.Context, req *ReissueRequest) (*IssueResponse, error) {
	var out IssueResponse
	err := c.request(http.MethodPost, "/v2/tickets/"+req.TicketNumber+"/reissue").
		JSON(req).
		IdempotencyKey(req.idempotencyKey).
		Do(ctx, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

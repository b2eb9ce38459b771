package carrierapi

// BookingBuilder assembles a BookingRequest.
type BookingBuilder struct {
	r BookingRequest
}

// NewBooking starts a booking for the shipper reference.
func NewBooking(shipperRef string) *BookingBuilder {
	return &BookingBuilder{r: BookingRequest{ShipperReference: shipperRef, ServiceLevel: "standard"}}
}

// Service sets the service level.
func (b *BookingBuilder) Service(level string) *BookingBuilder {
	if level != "" {
		b.r.ServiceLevel = level
	}
	return b
}

// From sets the collection address.
func (b *BookingBuilder) From(a Address) *BookingBuilder { b.r.From = a; return b }

// To sets the delivery address.
func (b *BookingBuilder) To(a Address) *BookingBuilder { b.r.To = a; return b }

// Parcel sets the package dimensions.
func (b *BookingBuilder) Parcel(p Parcel) *BookingBuilder { b.r.Parcel = p; return b }

// CashOnDelivery asks the carrier to collect cash.
func (b *BookingBuilder) CashOnDelivery(cents int64) *BookingBuilder {
	b.r.CODAmountCents = cents
	return b
}

// IdempotencyKey sets the Idempotency-Key header ParcelHop deduplicates on.
func (b *BookingBuilder) IdempotencyKey(k string) *BookingBuilder { b.r.idempotencyKey = k; return b }

// Build returns the request.
func (b *BookingBuilder) Build() BookingRequest { return b.r }

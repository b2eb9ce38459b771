// Package ota is the hand-written client for the OTA connectivity APIs
// (availability and rate pushes, reservation acknowledgements, partner
// bookings and commission billing).
package ota

import (
	"context"
	"time"
)

// AvailabilityDay is the absolute state of one room type on one date.
type AvailabilityDay struct {
	Date      string `json:"date"`
	Available int    `json:"available"`
	StopSell  bool   `json:"stop_sell"`
	RateMinor int64  `json:"rate_minor,omitempty"`
	Currency  string `json:"currency,omitempty"`
	MinStay   int    `json:"min_stay,omitempty"`
}

// AvailabilityUpdate replaces the availability of a property's room types.
type AvailabilityUpdate struct {
	PropertyID string                       `json:"property_id"`
	RoomTypes  map[string][]AvailabilityDay `json:"room_types"`
}

// PartnerBookingRequest books a room at a partner property for a guest the
// hotel cannot accommodate.
type PartnerBookingRequest struct {
	PartnerPropertyID string `json:"partner_property_id"`
	GuestName         string `json:"guest_name"`
	GuestEmail        string `json:"guest_email"`
	CheckIn           string `json:"check_in"`
	CheckOut          string `json:"check_out"`
	Rooms             int    `json:"rooms"`
	OriginalRef       string `json:"original_ref"`
}

// PartnerBooking is the partner's confirmation.
type PartnerBooking struct {
	BookingRef string `json:"booking_ref"`
	Status     string `json:"status"`
}

// CommissionPayment settles an OTA commission invoice.
type CommissionPayment struct {
	InvoiceRef  string `json:"invoice_ref"`
	PropertyID  string `json:"property_id"`
	AmountMinor int64  `json:"amount_minor"`
	Currency    string `json:"currency"`
}

// CommissionReceipt is the OTA's receipt for a payment.
type CommissionReceipt struct {
	ReceiptRef string    `json:"receipt_ref"`
	PaidAt     time.Time `json:"paid_at"`
}

// Client talks to every configured channel.
type Client interface {
	PushAvailability(ctx context.Context, channel string, upd AvailabilityUpdate) error
	AckReservation(ctx context.Context, channel, channelRef, localID string) error
	CreatePartnerBooking(ctx context.Context, channel string, req PartnerBookingRequest) (*PartnerBooking, error)
	PayCommission(ctx context.Context, channel string, p CommissionPayment) (*CommissionReceipt, error)
	Channels() []string
}

type corrKey struct{}

// WithCorrelationID tags outgoing requests made with ctx.
func WithCorrelationID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, corrKey{}, id)
}

func correlationID(ctx context.Context) string {
	s, _ := ctx.Value(corrKey{}).(string)
	return s
}

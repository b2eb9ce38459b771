// Package httpapi is the gin HTTP surface. Handlers decode requests, call
// the service interfaces below and map errors to status codes.
package httpapi

import (
	"context"

	"github.com/stripe/stripe-go/v82"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/providers/ticketing"
	"github.com/meridianrail/bookings/internal/service/booking"
	"github.com/meridianrail/bookings/internal/service/hold"
	"github.com/meridianrail/bookings/internal/service/loyalty"
	"github.com/meridianrail/bookings/internal/service/seatmap"
)

// HoldService creates seat holds.
type HoldService interface {
	Create(ctx context.Context, in hold.CreateInput) (*domain.SeatHold, error)
}

// BookingService is the booking lifecycle.
type BookingService interface {
	Create(ctx context.Context, in booking.CreateInput) (*booking.CreateResult, error)
	Get(ctx context.Context, id string) (*domain.Booking, error)
	Cancel(ctx context.Context, bookingID, reason string) (*booking.CancelResult, error)
	RequestRefund(ctx context.Context, in booking.RefundInput) (*domain.Refund, error)
}

// NotificationService queues passenger messages.
type NotificationService interface {
	ResendTickets(ctx context.Context, idemKey, bookingID string) (*domain.Notification, error)
}

// LoyaltyService redeems points.
type LoyaltyService interface {
	Redeem(ctx context.Context, in loyalty.RedeemInput) (*domain.Redemption, error)
}

// SeatMapService edits seat maps.
type SeatMapService interface {
	Apply(ctx context.Context, in seatmap.ChangeInput) (*domain.SeatMap, error)
}

// StripeWebhookService applies verified Stripe events.
type StripeWebhookService interface {
	Handle(ctx context.Context, payload []byte, evt stripe.Event) error
}

// TicketCallbackService applies partner ticketing callbacks.
type TicketCallbackService interface {
	OnIssued(ctx context.Context, cb ticketing.Callback) error
}

// StripeVerifier authenticates Stripe webhooks.
type StripeVerifier interface {
	Verify(payload []byte, signature string) (stripe.Event, error)
}

// PartnerVerifier authenticates partner callbacks.
type PartnerVerifier interface {
	Verify(body []byte, sig string) error
}

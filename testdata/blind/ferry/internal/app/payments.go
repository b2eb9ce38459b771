package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/provider/stripepay"
	"github.com/northsound/ferrydesk/internal/store"
)

// Payments takes card payments for held bookings. Confirmation of the
// booking happens when Stripe's payment_intent.succeeded webhook arrives;
// see StripeEvents.
type Payments struct {
	store   store.Store
	gateway PaymentGateway
	log     *slog.Logger
}

// NewPayments builds the payment service.
func NewPayments(s store.Store, gw PaymentGateway, log *slog.Logger) *Payments {
	return &Payments{store: s, gateway: gw, log: log.With("service", "payments")}
}

// PayInput is a card payment for the outstanding balance of a booking.
type PayInput struct {
	BookingID       uuid.UUID
	PaymentMethodID string
}

// PayResult tells the client what happened to the card.
type PayResult struct {
	Payment     domain.Payment
	DeclineCode string
}

// Pay charges the booking's outstanding balance.
func (s *Payments) Pay(ctx context.Context, in PayInput) (PayResult, error) {
	if in.PaymentMethodID == "" {
		return PayResult{}, invalid("payment_method_id", "is required")
	}
	b, err := s.store.Bookings().Get(ctx, in.BookingID)
	if err != nil {
		return PayResult{}, err
	}
	if b.Status != domain.BookingHeld || b.Outstanding() == 0 {
		return PayResult{}, ErrNotPayable
	}

	p := domain.Payment{
		ID:          uuid.New(),
		BookingID:   b.ID,
		AmountCents: b.Outstanding(),
		Currency:    b.Currency,
		Status:      domain.PaymentPending,
	}
	if err := s.store.Payments().OpenAttempt(ctx, &p); err != nil {
		return PayResult{}, err
	}
	if p.Status == domain.PaymentSucceeded {
		return PayResult{Payment: p}, nil
	}

	res, err := s.gateway.Charge(ctx, stripepay.ChargeRequest{
		AmountCents:     p.AmountCents,
		Currency:        p.Currency,
		PaymentMethodID: in.PaymentMethodID,
		CustomerEmail:   b.ContactEmail,
		Description:     fmt.Sprintf("Ferry booking %s", b.Reference),
		Metadata: map[string]string{
			"booking_id": b.ID.String(),
			"payment_id": p.ID.String(),
			"reference":  b.Reference,
		},
	})
	if err != nil {
		return PayResult{}, err
	}

	status := domain.PaymentPending
	if !res.Succeeded() && res.DeclineCode != "" {
		status = domain.PaymentFailed
	}
	// Success is recorded from the webhook so that the booking total and
	// the payment row move together.
	if res.IntentID != "" {
		if err := s.store.Payments().AttachIntent(ctx, p.ID, res.IntentID, status); err != nil {
			return PayResult{}, err
		}
		p.StripePaymentIntentID = &res.IntentID
	}
	p.Status = status
	if status == domain.PaymentFailed {
		s.log.InfoContext(ctx, "card declined", "booking", b.Reference, "code", res.DeclineCode)
	}
	return PayResult{Payment: p, DeclineCode: res.DeclineCode}, nil
}

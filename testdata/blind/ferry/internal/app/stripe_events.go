package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/jobs"
	"github.com/northsound/ferrydesk/internal/store"
)

// StripeEvents applies Stripe webhook events to bookings, payments and
// refunds.
type StripeEvents struct {
	store    store.Store
	now      Clock
	log      *slog.Logger
	handlers map[stripe.EventType]func(context.Context, stripe.Event) error
}

// NewStripeEvents builds the webhook event service.
func NewStripeEvents(s store.Store, log *slog.Logger) *StripeEvents {
	e := &StripeEvents{store: s, now: SystemClock, log: log.With("service", "stripe_events")}
	e.handlers = map[stripe.EventType]func(context.Context, stripe.Event) error{
		stripe.EventTypePaymentIntentSucceeded:     e.paymentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: e.paymentFailed,
		stripe.EventTypeRefundUpdated:              e.refundUpdated,
		stripe.EventTypeRefundFailed:               e.refundUpdated,
	}
	return e
}

// Handle applies one event. Events we have already handled are skipped.
func (e *StripeEvents) Handle(ctx context.Context, evt stripe.Event) error {
	h, ok := e.handlers[evt.Type]
	if !ok {
		return nil
	}
	seen, err := e.store.StripeEvents().Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		e.log.DebugContext(ctx, "duplicate stripe event", "event", evt.ID)
		return nil
	}
	if err := h(ctx, evt); err != nil {
		return fmt.Errorf("%s %s: %w", evt.Type, evt.ID, err)
	}
	return e.store.StripeEvents().MarkProcessed(ctx, evt.ID, string(evt.Type))
}

func decodeObject[T any](evt stripe.Event) (T, error) {
	var v T
	if evt.Data == nil {
		return v, errors.New("event has no data")
	}
	if err := json.Unmarshal(evt.Data.Raw, &v); err != nil {
		return v, fmt.Errorf("decode %T: %w", v, err)
	}
	return v, nil
}

// paymentSucceeded records the money against the booking, which confirms
// it once fully paid, and queues the follow-on work.
func (e *StripeEvents) paymentSucceeded(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](evt)
	if err != nil {
		return err
	}
	paymentID, ok := paymentIDFrom(pi)
	if !ok {
		e.log.WarnContext(ctx, "payment intent not ours", "intent", pi.ID)
		return nil
	}
	return e.store.InTx(ctx, func(tx store.Store) error {
		p, err := tx.Payments().MarkSucceeded(ctx, paymentID, pi.ID, e.now())
		if err != nil {
			return err
		}
		b, err := tx.Bookings().RecordPayment(ctx, p.BookingID, pi.AmountReceived)
		if err != nil {
			return err
		}
		if b.Status != domain.BookingConfirmed {
			return nil
		}
		if err := tx.Jobs().Enqueue(ctx, jobs.ConfirmationEmailArgs{BookingID: b.ID}, jobs.Unique()); err != nil {
			return err
		}
		return tx.Jobs().Enqueue(ctx, jobs.LoyaltyAccrueArgs{BookingID: b.ID}, jobs.Unique())
	})
}

func (e *StripeEvents) paymentFailed(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](evt)
	if err != nil {
		return err
	}
	paymentID, ok := paymentIDFrom(pi)
	if !ok {
		return nil
	}
	code := "unknown"
	if pi.LastPaymentError != nil {
		code = string(pi.LastPaymentError.Code)
	}
	_, err = e.store.Payments().MarkFailed(ctx, paymentID, pi.ID, code)
	return err
}

// paymentIDFrom reads the payment row id Payments.Pay put in the intent's
// metadata.
func paymentIDFrom(pi stripe.PaymentIntent) (uuid.UUID, bool) {
	id, err := uuid.Parse(pi.Metadata["payment_id"])
	return id, err == nil
}

// refundUpdated applies the final state of a refund that Stripe reported as
// pending when we created it.
func (e *StripeEvents) refundUpdated(ctx context.Context, evt stripe.Event) error {
	rf, err := decodeObject[stripe.Refund](evt)
	if err != nil {
		return err
	}
	var status domain.RefundStatus
	switch rf.Status {
	case stripe.RefundStatusSucceeded:
		status = domain.RefundSucceeded
	case stripe.RefundStatusFailed, stripe.RefundStatusCanceled:
		status = domain.RefundFailed
	default:
		return nil
	}
	_, err = e.store.Refunds().SettleByStripeID(ctx, rf.ID, status, e.now())
	return err
}

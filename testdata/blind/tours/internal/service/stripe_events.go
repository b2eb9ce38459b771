package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// StripeEventService applies Stripe webhook events.
type StripeEventService struct {
	tx       db.Transactor
	events   StripeEventLog
	bookings BookingStore
	payments PaymentStore
	refunds  RefundStore
	booking  *BookingService
	log      *slog.Logger
}

// NewStripeEventService constructs a StripeEventService.
func NewStripeEventService(tx db.Transactor, events StripeEventLog, bookings BookingStore, payments PaymentStore,
	refunds RefundStore, booking *BookingService, log *slog.Logger) *StripeEventService {
	return &StripeEventService{
		tx: tx, events: events, bookings: bookings, payments: payments, refunds: refunds,
		booking: booking, log: log,
	}
}

// Handle applies one event. The event ID is recorded in the same
// transaction as its effect, so a redelivered event changes nothing. Work
// scheduled afterwards is derived from the committed state and uses
// deterministic task IDs, so it is safe to repeat for a redelivery.
func (s *StripeEventService) Handle(ctx context.Context, ev stripe.Event) error {
	err := s.tx.Tx(ctx, func(ctx context.Context) error {
		fresh, err := s.events.RecordStripeEvent(ctx, ev.ID, string(ev.Type))
		if err != nil {
			return err
		}
		if !fresh {
			s.log.DebugContext(ctx, "stripe event already applied", "event_id", ev.ID)
			return nil
		}
		return s.apply(ctx, ev)
	})
	if err != nil {
		return err
	}
	return s.followUp(ctx, ev)
}

func (s *StripeEventService) apply(ctx context.Context, ev stripe.Event) error {
	switch ev.Type {
	case stripe.EventTypePaymentIntentSucceeded:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
			return fmt.Errorf("decode payment_intent: %w", err)
		}
		p, changed, err := s.payments.MarkSucceededByIntent(ctx, pi.ID)
		if err != nil {
			return err
		}
		if !changed {
			return nil
		}
		_, err = s.bookings.AddPayment(ctx, p.BookingID, p.AmountCents)
		return err

	case stripe.EventTypePaymentIntentPaymentFailed:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
			return fmt.Errorf("decode payment_intent: %w", err)
		}
		return s.payments.MarkFailedByIntent(ctx, pi.ID)

	case stripe.EventTypeRefundUpdated, stripe.EventTypeRefundFailed:
		var rf stripe.Refund
		if err := json.Unmarshal(ev.Data.Raw, &rf); err != nil {
			return fmt.Errorf("decode refund: %w", err)
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
		_, err := s.refunds.CompleteByStripeID(ctx, rf.ID, status)
		return err

	default:
		return nil
	}
}

// followUp schedules the work that follows a paid deposit.
func (s *StripeEventService) followUp(ctx context.Context, ev stripe.Event) error {
	if ev.Type != stripe.EventTypePaymentIntentSucceeded {
		return nil
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode payment_intent: %w", err)
	}
	kind := pi.Metadata["kind"]
	bookingID := pi.Metadata["booking_id"]
	if kind != string(domain.PaymentDeposit) || bookingID == "" {
		return nil
	}
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.BookingDepositPaid && b.Status != domain.BookingPaidInFull {
		return nil
	}
	return s.booking.scheduleConfirmedWork(ctx, b.ID)
}

// Package payments reacts to Stripe: webhook events and deferred capture.
package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/jobs"
	"github.com/meridianrail/bookings/internal/platform/database"
)

// EventRecorder keeps an audit copy of accepted webhook events.
type EventRecorder interface {
	Insert(ctx context.Context, eventID, eventType string, payload []byte) error
}

// Outbox writes integration events in the current transaction.
type Outbox interface {
	Add(ctx context.Context, id, topic, key string, payload any) error
}

// WebhookService applies Stripe webhook events.
type WebhookService struct {
	Tx       database.TxManager
	Events   EventRecorder
	Payments database.Store[domain.Payment]
	Bookings database.Store[domain.Booking]
	Outbox   Outbox
	Enqueuer jobs.Enqueuer
	Log      *slog.Logger
}

type refundObject struct {
	ID            string            `json:"id"`
	Status        string            `json:"status"`
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	PaymentIntent string            `json:"payment_intent"`
	Metadata      map[string]string `json:"metadata"`
}

// Handle records and applies one verified event.
func (s *WebhookService) Handle(ctx context.Context, payload []byte, evt stripe.Event) error {
	if err := s.Events.Insert(ctx, evt.ID, string(evt.Type), payload); err != nil {
		return err
	}

	switch evt.Type {
	case stripe.EventTypePaymentIntentAmountCapturableUpdated:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return fmt.Errorf("decode payment intent: %w", err)
		}
		return s.onAuthorized(ctx, &pi)
	case stripe.EventTypePaymentIntentPaymentFailed:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return fmt.Errorf("decode payment intent: %w", err)
		}
		return s.onFailed(ctx, &pi)
	case stripe.EventTypeRefundCreated, stripe.EventTypeRefundUpdated:
		var r refundObject
		if err := json.Unmarshal(evt.Data.Raw, &r); err != nil {
			return fmt.Errorf("decode refund: %w", err)
		}
		if r.Status != "succeeded" {
			return nil
		}
		return s.onRefundSucceeded(ctx, &r)
	default:
		s.Log.DebugContext(ctx, "ignoring stripe event", "type", evt.Type, "id", evt.ID)
		return nil
	}
}

func (s *WebhookService) onAuthorized(ctx context.Context, pi *stripe.PaymentIntent) error {
	var payment *domain.Payment
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := s.Payments.LockWhere(ctx, "stripe_payment_intent_id = ?", pi.ID)
		if errors.Is(err, database.ErrNotFound) {
			s.Log.WarnContext(ctx, "authorisation for unknown payment intent", "pi", pi.ID)
			return nil
		}
		if err != nil {
			return err
		}
		payment = p
		if p.Status != domain.PaymentPending && p.Status != domain.PaymentRequiresPM {
			return nil
		}
		now := time.Now().UTC()
		if _, err := s.Payments.UpdateWhere(ctx,
			map[string]any{"status": domain.PaymentAuthorized, "updated_at": now}, "id = ?", p.ID); err != nil {
			return err
		}
		b, err := s.Bookings.LockWhere(ctx, "id = ?", p.BookingID)
		if err != nil {
			return err
		}
		if _, err := s.Bookings.UpdateWhere(ctx,
			map[string]any{"status": domain.StatusConfirmed, "updated_at": now},
			"id = ? AND status = ?", b.ID, domain.StatusAwaitingPayment); err != nil {
			return err
		}
		return s.Outbox.Add(ctx, "booking-confirmed:"+b.ID, domain.TopicBookingConfirmed, b.ID,
			domain.BookingConfirmed{
				BookingID:       b.ID,
				TripID:          b.TripID,
				LoyaltyMemberID: b.LoyaltyMemberID,
				FareClass:       b.FareClass,
				TotalCents:      b.TotalCents,
				Currency:        b.Currency,
				ConfirmedAt:     now,
			})
	})
	if err != nil || payment == nil {
		return err
	}
	task, err := jobs.New(jobs.TypePaymentCapture, jobs.CapturePayload{PaymentID: payment.ID})
	if err != nil {
		return err
	}
	return jobs.EnqueueUnique(ctx, s.Enqueuer, task, "capture:"+payment.ID,
		asynq.Queue(jobs.QueueCritical), asynq.ProcessIn(2*time.Minute))
}

func (s *WebhookService) onFailed(ctx context.Context, pi *stripe.PaymentIntent) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := s.Payments.LockWhere(ctx, "stripe_payment_intent_id = ?", pi.ID)
		if errors.Is(err, database.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		if _, err := s.Payments.UpdateWhere(ctx,
			map[string]any{"status": domain.PaymentFailed, "updated_at": now},
			"id = ? AND status IN ?", p.ID, []string{domain.PaymentPending, domain.PaymentRequiresPM}); err != nil {
			return err
		}
		_, err = s.Bookings.UpdateWhere(ctx,
			map[string]any{"status": domain.StatusPaymentFailed, "updated_at": now},
			"id = ? AND status = ?", p.BookingID, domain.StatusAwaitingPayment)
		return err
	})
}

func (s *WebhookService) onRefundSucceeded(ctx context.Context, r *refundObject) error {
	bookingID := r.Metadata["booking_id"]
	if bookingID == "" {
		p, err := s.Payments.FirstWhere(ctx, "stripe_payment_intent_id = ?", r.PaymentIntent)
		if errors.Is(err, database.ErrNotFound) {
			s.Log.WarnContext(ctx, "refund for unknown payment intent", "refund", r.ID, "pi", r.PaymentIntent)
			return nil
		}
		if err != nil {
			return err
		}
		bookingID = p.BookingID
	}
	return s.Outbox.Add(ctx, "refund-settled:"+r.ID, domain.TopicPaymentRefunded, bookingID,
		domain.PaymentRefunded{
			StripeRefundID:  r.ID,
			PaymentIntentID: r.PaymentIntent,
			BookingID:       bookingID,
			AmountCents:     r.Amount,
			Currency:        r.Currency,
		})
}

package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v82"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

// ParseStripeWebhook verifies the signature and decodes the event.
func (s *Service) ParseStripeWebhook(payload []byte, signature string) (stripe.Event, error) {
	return s.gateway.ParseWebhook(payload, signature)
}

// HandleStripeEvent applies a Stripe webhook. The event ID is recorded in
// the same transaction as its effects, so a redelivered event is a no-op and
// a failed one is retried in full.
func (s *Service) HandleStripeEvent(ctx context.Context, ev stripe.Event) error {
	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		n, err := q.InsertWebhookEvent(ctx, db.InsertWebhookEventParams{
			Provider:  "stripe",
			EventID:   ev.ID,
			EventType: string(ev.Type),
		})
		if err != nil {
			return err
		}
		if n == 0 {
			logx.From(ctx).Debug("duplicate stripe event", slog.String("event_id", ev.ID))
			return nil
		}

		switch ev.Type {
		case stripe.EventTypePaymentIntentSucceeded:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return fmt.Errorf("decode payment intent: %w", err)
			}
			return s.onIntentSucceeded(ctx, q, tx, &pi)

		case stripe.EventTypePaymentIntentPaymentFailed:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return fmt.Errorf("decode payment intent: %w", err)
			}
			code := ""
			if pi.LastPaymentError != nil {
				code = string(pi.LastPaymentError.Code)
			}
			_, err := q.MarkPaymentByIntent(ctx, db.MarkPaymentByIntentParams{
				StripePaymentIntentID: store.Text(pi.ID),
				Status:                "failed",
				FailureCode:           store.Text(code),
			})
			if store.IsNotFound(err) {
				return nil
			}
			return err

		case stripe.EventTypeRefundUpdated, stripe.EventTypeRefundCreated:
			var r stripe.Refund
			if err := json.Unmarshal(ev.Data.Raw, &r); err != nil {
				return fmt.Errorf("decode refund: %w", err)
			}
			return q.UpdateRefundStatus(ctx, db.UpdateRefundStatusParams{StripeRefundID: r.ID, Status: string(r.Status)})
		}
		return nil
	})
}

func (s *Service) onIntentSucceeded(ctx context.Context, q *db.Queries, tx pgx.Tx, pi *stripe.PaymentIntent) error {
	payment, err := q.MarkPaymentByIntent(ctx, db.MarkPaymentByIntentParams{
		StripePaymentIntentID: store.Text(pi.ID),
		Status:                "succeeded",
	})
	if store.IsNotFound(err) {
		// The synchronous path hasn't stored the intent ID yet (or never
		// will, if that request died after Stripe answered). Match on the
		// payment ID we put in the intent's metadata instead.
		payment, err = s.attachIntentFromMetadata(ctx, q, pi)
		if store.IsNotFound(err) {
			return nil
		}
	}
	if err != nil {
		return err
	}
	order, err := q.TransitionOrderStatus(ctx, db.TransitionOrderStatusParams{ID: payment.OrderID, FromStatus: "awaiting_payment", ToStatus: "paid"})
	if store.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := s.jobs.InsertTx(ctx, tx, tasks.FulfilOrderArgs{OrderID: order.ID}, nil); err != nil {
		return err
	}
	return queuePaymentReceived(ctx, q, tx, s.jobs, order, payment.AmountCents)
}

func (s *Service) attachIntentFromMetadata(ctx context.Context, q *db.Queries, pi *stripe.PaymentIntent) (db.Payment, error) {
	paymentID := pi.Metadata["payment_id"]
	if paymentID == "" {
		return db.Payment{}, pgx.ErrNoRows
	}
	if _, err := q.GetPayment(ctx, paymentID); err != nil {
		return db.Payment{}, err
	}
	if err := q.UpdatePaymentIntent(ctx, db.UpdatePaymentIntentParams{
		ID:                    paymentID,
		StripePaymentIntentID: store.Text(pi.ID),
		Status:                "succeeded",
	}); err != nil {
		return db.Payment{}, err
	}
	return q.GetPayment(ctx, paymentID)
}

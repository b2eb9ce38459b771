package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v82"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

// StripeEvents applies Stripe webhook events to local state.
type StripeEvents interface {
	Handle(ctx context.Context, ev stripe.Event) error
}

type stripeEvents struct {
	st   *store.Store
	jobs tasks.Inserter
	log  *slog.Logger
}

func NewStripeEvents(st *store.Store, jobs tasks.Inserter, log *slog.Logger) StripeEvents {
	return &stripeEvents{st: st, jobs: jobs, log: log}
}

// ErrPurchaseNotYetRecorded is returned when a payment_intent event arrives
// before the API has written the purchase row; Stripe will redeliver.
var ErrPurchaseNotYetRecorded = fmt.Errorf("%w: purchase not yet recorded", ErrNotFound)

func (s *stripeEvents) Handle(ctx context.Context, ev stripe.Event) error {
	return s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, tx pgx.Tx) error {
		n, err := q.ClaimStripeEvent(ctx, db.ClaimStripeEventParams{EventID: ev.ID, EventType: string(ev.Type)})
		if err != nil {
			return err
		}
		if n == 0 {
			s.log.DebugContext(ctx, "stripe event already applied", "event_id", ev.ID)
			return nil
		}

		switch ev.Type {
		case stripe.EventTypePaymentIntentSucceeded:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return fmt.Errorf("decode payment intent: %w", err)
			}
			if _, isOrder := pi.Metadata["order_id"]; isOrder {
				return nil // corporate orders are marked paid synchronously
			}
			p, err := q.GetPurchaseByPaymentIntent(ctx, &pi.ID)
			if store.IsNotFound(err) {
				return ErrPurchaseNotYetRecorded
			}
			if err != nil {
				return err
			}
			updated, err := q.MarkPurchasePaid(ctx, p.ID)
			if err != nil {
				return err
			}
			if updated == 0 {
				return nil
			}
			_, err = s.jobs.InsertTx(ctx, tx, tasks.FulfillPurchase{PurchaseID: p.ID}, &river.InsertOpts{
				UniqueOpts: river.UniqueOpts{ByArgs: true},
			})
			return err

		case stripe.EventTypePaymentIntentPaymentFailed, stripe.EventTypePaymentIntentCanceled:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return fmt.Errorf("decode payment intent: %w", err)
			}
			_, err := q.FailPurchase(ctx, &pi.ID)
			return err

		default:
			s.log.DebugContext(ctx, "ignoring stripe event", "type", ev.Type)
			return nil
		}
	})
}

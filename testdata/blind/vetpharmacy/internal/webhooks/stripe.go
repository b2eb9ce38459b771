// Package webhooks applies events pushed to us by Stripe and by clinics.
package webhooks

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/jobs"
	"github.com/kestrelvet/refillrx/internal/orders"
	"github.com/kestrelvet/refillrx/internal/queue"
	"github.com/kestrelvet/refillrx/internal/store"
)

type EventLog interface {
	Processed(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}

type Payments interface {
	ByIntent(ctx context.Context, intentID string) (db.Payment, error)
	SetStatus(ctx context.Context, intentID, status string) (bool, error)
	UpdateRefundStatus(ctx context.Context, stripeRefundID, status string) error
	Ledger(ctx context.Context, p db.InsertLedgerEntryParams) error
}

type Orders interface {
	MarkPaid(ctx context.Context, id string) error
	Transition(ctx context.Context, id, from, to string) (bool, error)
}

type eventHandler func(ctx context.Context, evt stripe.Event) error

type StripeEvents struct {
	tx       store.Transactor
	events   EventLog
	payments Payments
	orders   Orders
	queue    queue.Enqueuer
	log      *slog.Logger
	handlers map[stripe.EventType]eventHandler
}

func NewStripeEvents(tx store.Transactor, ev EventLog, p Payments, o Orders, q queue.Enqueuer, log *slog.Logger) *StripeEvents {
	s := &StripeEvents{tx: tx, events: ev, payments: p, orders: o, queue: q, log: log}
	s.handlers = map[stripe.EventType]eventHandler{
		stripe.EventTypePaymentIntentSucceeded:     s.paymentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: s.paymentFailed,
		stripe.EventTypeChargeRefundUpdated:        s.refundUpdated,
	}
	return s
}

// Handle applies one verified Stripe event. Stripe redelivers anything that
// did not get a 2xx, so events we have already applied are skipped.
func (s *StripeEvents) Handle(ctx context.Context, evt stripe.Event) error {
	h, ok := s.handlers[evt.Type]
	if !ok {
		return nil
	}
	done, err := s.events.Processed(ctx, evt.ID)
	if err != nil {
		return err
	}
	if done {
		s.log.DebugContext(ctx, "stripe event already processed", "event_id", evt.ID)
		return nil
	}
	if err := h(ctx, evt); err != nil {
		return fmt.Errorf("%s %s: %w", evt.Type, evt.ID, err)
	}
	return s.events.MarkProcessed(ctx, evt.ID, string(evt.Type))
}

func (s *StripeEvents) paymentSucceeded(ctx context.Context, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return err
	}
	pay, err := s.payments.ByIntent(ctx, pi.ID)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.payments.SetStatus(ctx, pi.ID, "succeeded"); err != nil {
			return err
		}
		if err := s.payments.Ledger(ctx, db.InsertLedgerEntryParams{
			ID:          ids.New(ids.Ledger),
			OrderID:     pay.OrderID,
			EntryType:   "payment",
			AmountCents: pi.AmountReceived,
			Reference:   pi.ID,
		}); err != nil {
			return err
		}
		if err := s.orders.MarkPaid(ctx, pay.OrderID); err != nil {
			return err
		}
		_, err := s.queue.Enqueue(ctx, jobs.PickOrderArgs{OrderID: pay.OrderID}, nil)
		return err
	})
}

func (s *StripeEvents) paymentFailed(ctx context.Context, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return err
	}
	pay, err := s.payments.ByIntent(ctx, pi.ID)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.payments.SetStatus(ctx, pi.ID, "failed"); err != nil {
			return err
		}
		_, err := s.orders.Transition(ctx, pay.OrderID, orders.StatusPaymentProcessing, orders.StatusAwaitingPayment)
		return err
	})
}

func (s *StripeEvents) refundUpdated(ctx context.Context, evt stripe.Event) error {
	var r stripe.Refund
	if err := json.Unmarshal(evt.Data.Raw, &r); err != nil {
		return err
	}
	return s.payments.UpdateRefundStatus(ctx, r.ID, string(r.Status))
}

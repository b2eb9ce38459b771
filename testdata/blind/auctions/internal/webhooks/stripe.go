// Package webhooks applies provider callbacks: Stripe payment events and
// carrier tracking updates.
package webhooks

import (
	"context"
	"fmt"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/orders"
	"github.com/hammerline/auctions/internal/payments/stripepay"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// EventLog remembers which Stripe events have been handled.
type EventLog interface {
	StripeEventSeen(ctx context.Context, q pgdb.Querier, eventID string) (bool, error)
	MarkStripeEvent(ctx context.Context, q pgdb.Querier, eventID, eventType string) error
}

// OrderStatusWriter lets the processor reset an order after a failed charge.
type OrderStatusWriter interface {
	GetByPaymentIntent(ctx context.Context, q pgdb.Querier, piID string) (domain.Order, error)
	SetStatus(ctx context.Context, q pgdb.Querier, id string, s domain.OrderStatus) error
}

// StripeProcessor applies verified Stripe events.
type StripeProcessor struct {
	db     pgdb.DB
	log    EventLog
	orders orders.Service
	status OrderStatusWriter
}

// NewStripeProcessor wires a StripeProcessor.
func NewStripeProcessor(db pgdb.DB, log EventLog, o orders.Service, st OrderStatusWriter) *StripeProcessor {
	return &StripeProcessor{db: db, log: log, orders: o, status: st}
}

// Handle processes one event. Stripe retries any delivery that does not get
// a 2xx within its timeout, for up to three days.
func (p *StripeProcessor) Handle(ctx context.Context, ev stripepay.Event) error {
	seen, err := p.log.StripeEventSeen(ctx, p.db, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		logx.From(ctx).Info("stripe event already handled", "event", ev.ID)
		return nil
	}

	switch ev.Type {
	case "payment_intent.succeeded":
		order, err := pgdb.WithTx(ctx, p.db, func(q pgdb.Querier) (domain.Order, error) {
			return p.orders.ApplyPaymentSucceeded(ctx, q, ev.PaymentIntentID, ev.AmountCents)
		})
		if err != nil {
			return fmt.Errorf("apply payment: %w", err)
		}
		if err := p.orders.AnnouncePayment(ctx, order); err != nil {
			return fmt.Errorf("announce payment: %w", err)
		}
	case "charge.refunded":
		err := pgdb.Tx(ctx, p.db, func(q pgdb.Querier) error {
			return p.orders.ApplyRefunded(ctx, q, ev.PaymentIntentID, ev.RefundedCents)
		})
		if err != nil {
			return fmt.Errorf("apply refund: %w", err)
		}
	case "payment_intent.payment_failed":
		order, err := p.status.GetByPaymentIntent(ctx, p.db, ev.PaymentIntentID)
		if err != nil {
			return err
		}
		if order.Status == domain.OrderAwaitingPayment || order.Status == domain.OrderRequiresAction {
			if err := p.status.SetStatus(ctx, p.db, order.ID, domain.OrderAwaitingPayment); err != nil {
				return err
			}
		}
	default:
		logx.From(ctx).Debug("ignoring stripe event", "type", ev.Type)
	}

	return p.log.MarkStripeEvent(ctx, p.db, ev.ID, ev.Type)
}

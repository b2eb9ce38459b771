package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/payments"
)

const stripeWebhookConsumer = "stripe-webhook"

// PaymentEvents applies verified Stripe webhook events.
type PaymentEvents struct {
	deps Deps
}

func NewPaymentEvents(d Deps) *PaymentEvents { return &PaymentEvents{deps: d} }

// Apply handles one webhook event. Stripe delivers events at least once and
// retries for up to three days until it gets a 2xx.
func (p *PaymentEvents) Apply(ctx context.Context, evt payments.WebhookEvent) error {
	return p.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		fresh, err := tx.Inbox().Claim(ctx, stripeWebhookConsumer, evt.ID)
		if err != nil || !fresh {
			return err
		}
		switch {
		case evt.Type == "payment_intent.succeeded" && evt.Intent != nil:
			return p.paymentSucceeded(ctx, tx, evt.Intent.ID, evt.Intent.AmountReceived)
		case evt.Type == "payment_intent.payment_failed" && evt.Intent != nil:
			return p.paymentFailed(ctx, tx, evt.Intent.ID)
		case evt.Refund != nil && evt.Refund.Status == "succeeded":
			return p.refundSucceeded(ctx, tx, evt.Refund.ID)
		default:
			p.deps.log().DebugContext(ctx, "ignored stripe event", slog.String("type", evt.Type))
			return nil
		}
	})
}

func (p *PaymentEvents) paymentSucceeded(ctx context.Context, tx domain.Tx, intentID string, received int64) error {
	order, err := tx.Orders().FindByPaymentIntent(ctx, intentID)
	if err != nil {
		return err
	}
	changed, err := tx.Orders().MarkPaid(ctx, order.ID, received)
	if err != nil || !changed {
		return err
	}
	items, err := tx.Items().ListByOrder(ctx, order.ID)
	if err != nil {
		return err
	}
	paidAt := p.deps.now()
	for _, it := range items {
		if _, err := tx.Items().TransitionStatus(ctx, it.ID, domain.ItemPaid, domain.ItemPending); err != nil {
			return err
		}
		err := tx.Outbox().Publish(ctx, domain.TopicPaymentSucceeded, domain.PaymentSucceededEvent{
			OrderID:         order.ID,
			OrderItemID:     it.ID,
			PaymentIntentID: intentID,
			Amount:          it.Amount,
			Currency:        it.Currency,
			PaidAt:          paidAt.Truncate(time.Second),
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (p *PaymentEvents) paymentFailed(ctx context.Context, tx domain.Tx, intentID string) error {
	order, err := tx.Orders().FindByPaymentIntent(ctx, intentID)
	if err != nil {
		return err
	}
	return tx.Orders().MarkPaymentFailed(ctx, order.ID)
}

func (p *PaymentEvents) refundSucceeded(ctx context.Context, tx domain.Tx, stripeRefundID string) error {
	refund, changed, err := tx.Refunds().MarkSucceededByStripeID(ctx, stripeRefundID)
	if err != nil || !changed {
		return err
	}
	if err := tx.Items().SetStatus(ctx, refund.OrderItemID, domain.ItemRefunded); err != nil {
		return err
	}
	return tx.Outbox().Publish(ctx, domain.TopicRefundCompleted, domain.RefundCompletedEvent{
		RefundID:       refund.ID,
		OrderID:        refund.OrderID,
		OrderItemID:    refund.OrderItemID,
		StripeRefundID: stripeRefundID,
		Amount:         refund.Amount,
		Currency:       refund.Currency,
	})
}

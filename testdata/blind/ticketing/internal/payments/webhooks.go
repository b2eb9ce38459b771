package payments

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/notify"
	"github.com/stagepass/ticketing/internal/store"
)

// WebhookTopic carries Stripe webhook events, verified and relayed verbatim
// by the edge webhook receiver. The record key is the Stripe event id.
const WebhookTopic = "payments.stripe-webhooks"

// EventFunc handles one Stripe event type.
type EventFunc func(ctx context.Context, evt stripe.Event) error

// WebhookConsumer applies relayed Stripe events to orders.
type WebhookConsumer struct {
	tx       store.TxRunner
	q        db.Querier
	mailer   notify.Mailer
	jobs     jobs.Inserter
	handlers map[stripe.EventType]EventFunc
}

func NewWebhookConsumer(tx store.TxRunner, q db.Querier, mailer notify.Mailer, ins jobs.Inserter) *WebhookConsumer {
	c := &WebhookConsumer{tx: tx, q: q, mailer: mailer, jobs: ins}
	c.handlers = map[stripe.EventType]EventFunc{
		stripe.EventTypePaymentIntentSucceeded:     c.onPaymentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: c.onPaymentFailed,
		stripe.EventTypeChargeRefunded:             c.onChargeRefunded,
	}
	return c
}

// Handle is the kafka handler for WebhookTopic.
func (c *WebhookConsumer) Handle(ctx context.Context, rec *kgo.Record) error {
	var evt stripe.Event
	if err := json.Unmarshal(rec.Value, &evt); err != nil {
		slog.ErrorContext(ctx, "undecodable stripe event", "offset", rec.Offset, "err", err)
		return nil // poison record: skip
	}
	fn, ok := c.handlers[evt.Type]
	if !ok {
		return nil
	}
	if evt.Data == nil {
		return fmt.Errorf("stripe event %s has no data", evt.ID)
	}
	return fn(ctx, evt)
}

func (c *WebhookConsumer) onPaymentSucceeded(ctx context.Context, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode payment intent: %w", err)
	}
	o, err := c.q.GetOrderByPaymentIntent(ctx, pi.ID)
	if store.IsNotFound(err) {
		slog.WarnContext(ctx, "payment for unknown order", "payment_intent", pi.ID)
		return nil
	}
	if err != nil {
		return err
	}
	fan, err := c.q.GetFan(ctx, o.FanID)
	if err != nil {
		return err
	}
	if _, err := c.mailer.Send(ctx, notify.PaymentReceivedEmail(fan.Email, fan.FullName, o.ID, pi.AmountReceived, o.Currency)); err != nil {
		return fmt.Errorf("send receipt: %w", err)
	}

	return c.tx.InTx(ctx, func(q db.Querier) error {
		cur, err := q.GetOrderForUpdate(ctx, o.ID)
		if err != nil {
			return err
		}
		n, err := q.MarkOrderPaid(ctx, cur.ID)
		if err != nil || n == 0 {
			return err
		}
		if err := q.MarkSeatsSold(ctx, cur.HoldID); err != nil {
			return err
		}
		if err := q.InsertPayoutLine(ctx, "pl_"+cur.ID, cur.ID); err != nil {
			return err
		}
		return jobs.EnqueueTx(ctx, c.jobs, q, jobs.IssueTicketsArgs{OrderID: cur.ID}, nil)
	})
}

func (c *WebhookConsumer) onPaymentFailed(ctx context.Context, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode payment intent: %w", err)
	}
	msg := ""
	if pi.LastPaymentError != nil {
		msg = pi.LastPaymentError.Msg
	}
	slog.InfoContext(ctx, "payment failed", "payment_intent", pi.ID, "reason", msg)
	return nil
}

// onChargeRefunded books the refunded delta against the order and the
// organiser balance. Stripe may deliver an event more than once, so the
// event id is checked against the inbox first.
func (c *WebhookConsumer) onChargeRefunded(ctx context.Context, evt stripe.Event) error {
	seen, err := c.q.InboxSeen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	var ch stripe.Charge
	if err := json.Unmarshal(evt.Data.Raw, &ch); err != nil {
		return fmt.Errorf("decode charge: %w", err)
	}
	if ch.PaymentIntent == nil {
		return nil
	}
	delta := ch.AmountRefunded
	if prev, ok := evt.Data.PreviousAttributes["amount_refunded"].(float64); ok {
		delta -= int64(prev)
	}
	if delta <= 0 {
		return nil
	}

	err = c.tx.InTx(ctx, func(q db.Querier) error {
		o, err := q.GetOrderByPaymentIntentForUpdate(ctx, ch.PaymentIntent.ID)
		if store.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := q.AddOrderRefundedCents(ctx, o.ID, delta); err != nil {
			return err
		}
		return q.AddOrganiserRefunded(ctx, o.EventID, delta)
	})
	if err != nil {
		return err
	}
	_, err = c.q.InboxRecord(ctx, evt.ID, "stripe")
	return err
}

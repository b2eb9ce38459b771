package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/store"
)

// EventHandler applies one Stripe event inside the webhook transaction.
type EventHandler func(ctx context.Context, q store.Querier, ev stripe.Event) error

// WebhookProcessor verifies and applies Stripe webhooks.
type WebhookProcessor struct {
	store    store.Store
	enqueuer jobs.Enqueuer
	secret   string
	log      *slog.Logger
	handlers map[stripe.EventType]EventHandler
}

// NewWebhookProcessor builds the processor with its handler table.
func NewWebhookProcessor(st store.Store, enq jobs.Enqueuer, secret string, log *slog.Logger) *WebhookProcessor {
	p := &WebhookProcessor{store: st, enqueuer: enq, secret: secret, log: log}
	p.handlers = map[stripe.EventType]EventHandler{
		stripe.EventTypePaymentIntentSucceeded:     p.paymentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: p.paymentFailed,
		stripe.EventTypeRefundUpdated:              p.refundUpdated,
	}
	return p
}

// ErrBadSignature is returned for payloads that fail verification.
var ErrBadSignature = errors.New("billing: bad webhook signature")

// Process verifies the payload and applies the event exactly once.
func (p *WebhookProcessor) Process(ctx context.Context, payload []byte, signature string) error {
	ev, err := webhook.ConstructEvent(payload, signature, p.secret)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	h, ok := p.handlers[ev.Type]
	if !ok {
		p.log.DebugContext(ctx, "ignoring stripe event", "type", ev.Type, "id", ev.ID)
		return nil
	}
	return p.store.InTx(ctx, func(q store.Querier) error {
		fresh, err := q.ClaimStripeEvent(ctx, ev.ID, string(ev.Type))
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		return h(ctx, q, ev)
	})
}

func decodeIntent(ev stripe.Event) (stripe.PaymentIntent, error) {
	var pi stripe.PaymentIntent
	err := json.Unmarshal(ev.Data.Raw, &pi)
	return pi, err
}

func (p *WebhookProcessor) paymentSucceeded(ctx context.Context, q store.Querier, ev stripe.Event) error {
	pi, err := decodeIntent(ev)
	if err != nil {
		return err
	}
	attempt, err := q.GetAttemptByIntent(ctx, pi.ID)
	if errors.Is(err, store.ErrNotFound) {
		instalmentID := pi.Metadata["instalment_id"]
		if instalmentID == "" {
			return nil
		}
		return q.MarkInstalmentPaid(ctx, instalmentID, pi.ID, time.Unix(ev.Created, 0))
	}
	if err != nil {
		return err
	}
	if err := q.MarkAttemptResult(ctx, attempt.ID, "succeeded", pi.ID, ""); err != nil {
		return err
	}
	return q.MarkInstalmentPaid(ctx, attempt.InstalmentID, pi.ID, time.Unix(ev.Created, 0))
}

func (p *WebhookProcessor) paymentFailed(ctx context.Context, q store.Querier, ev stripe.Event) error {
	pi, err := decodeIntent(ev)
	if err != nil {
		return err
	}
	attempt, err := q.GetAttemptByIntent(ctx, pi.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	code := ""
	if pi.LastPaymentError != nil {
		code = string(pi.LastPaymentError.DeclineCode)
	}
	if err := q.MarkAttemptResult(ctx, attempt.ID, "failed", pi.ID, code); err != nil {
		return err
	}
	if err := q.MarkInstalmentOverdue(ctx, attempt.InstalmentID); err != nil {
		return err
	}
	return p.enqueuer.EnqueueTx(ctx, q, jobs.InstalmentReminderArgs{
		InstalmentID: attempt.InstalmentID,
		Stage:        "overdue",
	})
}

func (p *WebhookProcessor) refundUpdated(ctx context.Context, q store.Querier, ev stripe.Event) error {
	var rf stripe.Refund
	if err := json.Unmarshal(ev.Data.Raw, &rf); err != nil {
		return err
	}
	status := "issued"
	switch rf.Status {
	case stripe.RefundStatusSucceeded:
		status = "refunded"
	case stripe.RefundStatusFailed, stripe.RefundStatusCanceled:
		status = "refund_failed"
	}
	return q.MarkRefundStatusByStripeID(ctx, rf.ID, status)
}

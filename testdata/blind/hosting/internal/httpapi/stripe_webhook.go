package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
	"github.com/nimbusrack/hosting/internal/webhooks"
)

// WebhookVerifier checks a Stripe signature and decodes the event.
type WebhookVerifier interface {
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
}

// StripeWebhook receives Stripe events. Stripe retries any delivery that
// does not get a 2xx for up to three days.
type StripeWebhook struct {
	verifier WebhookVerifier
	events   *webhooks.Repository
	log      *slog.Logger
	routes   map[stripe.EventType]func(context.Context, stripe.Event) error
}

// NewStripeWebhook wires the handler and its event table.
func NewStripeWebhook(v WebhookVerifier, ev *webhooks.Repository, collector *billing.Collector,
	disputes *billing.DisputeService, log *slog.Logger) *StripeWebhook {
	h := &StripeWebhook{verifier: v, events: ev, log: log}
	h.routes = map[stripe.EventType]func(context.Context, stripe.Event) error{
		"payment_intent.succeeded": func(ctx context.Context, e stripe.Event) error {
			pi, paymentID, err := paymentIntentOf(e)
			if err != nil || paymentID == uuid.Nil {
				return err
			}
			return collector.ApplyAsyncSuccess(ctx, paymentID, pi.ID)
		},
		"payment_intent.payment_failed": func(ctx context.Context, e stripe.Event) error {
			pi, paymentID, err := paymentIntentOf(e)
			if err != nil || paymentID == uuid.Nil {
				return err
			}
			code := ""
			if pi.LastPaymentError != nil {
				code = string(pi.LastPaymentError.Code)
			}
			return collector.ApplyAsyncFailure(ctx, paymentID, pi.ID, code)
		},
		"charge.dispute.created": func(ctx context.Context, e stripe.Event) error {
			var d stripe.Dispute
			if err := json.Unmarshal(e.Data.Raw, &d); err != nil {
				return err
			}
			if d.PaymentIntent == nil {
				return nil
			}
			return disputes.Opened(ctx, d.PaymentIntent.ID)
		},
		"charge.dispute.closed": func(ctx context.Context, e stripe.Event) error {
			var d stripe.Dispute
			if err := json.Unmarshal(e.Data.Raw, &d); err != nil {
				return err
			}
			if d.PaymentIntent == nil || d.Status != stripe.DisputeStatusWon {
				return nil
			}
			return disputes.Won(ctx, d.PaymentIntent.ID)
		},
	}
	return h
}

func paymentIntentOf(e stripe.Event) (*stripe.PaymentIntent, uuid.UUID, error) {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(e.Data.Raw, &pi); err != nil {
		return nil, uuid.Nil, fmt.Errorf("decode payment intent: %w", err)
	}
	id, err := uuid.Parse(pi.Metadata["payment_id"])
	if err != nil {
		return &pi, uuid.Nil, nil
	}
	return &pi, id, nil
}

// ServeHTTP handles POST /webhooks/stripe.
func (h *StripeWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "unreadable_body", err.Error())
		return
	}
	evt, err := h.verifier.ParseWebhook(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "invalid_signature", "signature verification failed")
		return
	}
	ctx := r.Context()

	seen, err := h.events.Seen(ctx, "stripe", evt.ID)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	if seen {
		w.WriteHeader(http.StatusOK)
		return
	}

	if handle, ok := h.routes[evt.Type]; ok {
		if err := handle(ctx, evt); err != nil {
			h.log.Error("stripe event failed", "event_id", evt.ID, "type", evt.Type, "error", err)
			httpx.Error(w, http.StatusInternalServerError, "handler_failed", "event could not be processed")
			return
		}
	}

	if err := h.events.MarkProcessed(ctx, "stripe", evt.ID, string(evt.Type)); err != nil {
		httpx.WriteErr(w, err)
		return
	}
	w.WriteHeader(http.StatusOK)
}

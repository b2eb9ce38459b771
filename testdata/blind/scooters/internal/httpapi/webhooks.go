package httpapi

import (
	"context"
	"io"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// StripeEventHandler applies verified Stripe events.
type StripeEventHandler interface {
	HandleStripeEvent(ctx context.Context, evt stripe.Event) error
}

type WebhookHandler struct {
	events StripeEventHandler
	secret string
	log    *slog.Logger
}

func NewWebhookHandler(events StripeEventHandler, secret string, log *slog.Logger) *WebhookHandler {
	return &WebhookHandler{events: events, secret: secret, log: log}
}

// Stripe handles POST /webhooks/stripe. Stripe retries any non-2xx answer
// with backoff for up to three days.
func (h *WebhookHandler) Stripe(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	if err != nil {
		http.Error(w, "read error", http.StatusServiceUnavailable)
		return
	}
	evt, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), h.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		h.log.WarnContext(r.Context(), "stripe webhook signature", "err", err)
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	if err := h.events.HandleStripeEvent(r.Context(), evt); err != nil {
		h.log.ErrorContext(r.Context(), "stripe webhook", "event_id", evt.ID, "type", evt.Type, "err", err)
		http.Error(w, "processing error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

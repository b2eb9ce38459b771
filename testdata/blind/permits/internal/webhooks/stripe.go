// Package webhooks receives provider callbacks: Stripe, the document
// scanner, the inspection partner and the messaging provider.
package webhooks

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/service"
)

const maxWebhookBody = 1 << 20

// StripeReceiver handles POST /webhooks/stripe.
type StripeReceiver struct {
	secret string
	events service.PaymentEvents
	log    *slog.Logger
}

// NewStripeReceiver builds the receiver.
func NewStripeReceiver(cfg *config.Config, events service.PaymentEvents, log *slog.Logger) *StripeReceiver {
	return &StripeReceiver{secret: cfg.StripeWebhookSecret, events: events, log: log.With("webhook", "stripe")}
}

// Register mounts the route.
func (h *StripeReceiver) Register(r chi.Router) {
	r.Post("/webhooks/stripe", h.serve)
}

func (h *StripeReceiver) serve(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	evt, err := webhook.ConstructEvent(payload, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		h.log.WarnContext(r.Context(), "bad stripe signature", "err", err)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := h.events.Apply(r.Context(), evt); err != nil {
		h.log.ErrorContext(r.Context(), "stripe event failed", "event_id", evt.ID, "type", evt.Type, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

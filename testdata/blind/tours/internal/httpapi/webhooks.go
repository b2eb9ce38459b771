package httpapi

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"

	"github.com/larkspur-travel/tourdesk/internal/provider/supplierapi"
)

// StripeWebhook verifies and applies Stripe events.
type StripeWebhook interface {
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
}

// StripeEventHandler applies a verified Stripe event.
type StripeEventHandler interface {
	Handle(ctx context.Context, ev stripe.Event) error
}

// SupplierWebhook verifies partner-gateway callbacks.
type SupplierWebhook interface {
	ParseWebhook(body []byte, signature string) (*supplierapi.Event, error)
}

// SupplierEventApplier applies a verified partner-gateway event.
type SupplierEventApplier interface {
	ApplyEvent(ctx context.Context, ev *supplierapi.Event) error
}

// SupplierEventLog remembers which partner-gateway events were processed.
type SupplierEventLog interface {
	SupplierEventSeen(ctx context.Context, eventID string) (bool, error)
	RecordSupplierEvent(ctx context.Context, eventID, partnerCode, eventType string) error
}

// WebhookHandler serves inbound webhooks.
type WebhookHandler struct {
	stripe         StripeWebhook
	stripeEvents   StripeEventHandler
	supplier       SupplierWebhook
	supplierEvents SupplierEventApplier
	seen           SupplierEventLog
	log            *slog.Logger
}

// NewWebhookHandler constructs a WebhookHandler.
func NewWebhookHandler(stripe StripeWebhook, stripeEvents StripeEventHandler, supplier SupplierWebhook,
	supplierEvents SupplierEventApplier, seen SupplierEventLog, log *slog.Logger) *WebhookHandler {
	return &WebhookHandler{
		stripe: stripe, stripeEvents: stripeEvents, supplier: supplier,
		supplierEvents: supplierEvents, seen: seen, log: log,
	}
}

// Routes mounts the webhook routes.
func (h *WebhookHandler) Routes(r interface {
	Post(pattern string, fn http.HandlerFunc)
}) {
	r.Post("/webhooks/stripe", h.stripeEvent)
	r.Post("/webhooks/suppliers", h.supplierEvent)
}

func (h *WebhookHandler) stripeEvent(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	ev, err := h.stripe.ParseWebhook(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		h.log.WarnContext(r.Context(), "rejected stripe webhook", "err", err)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := h.stripeEvents.Handle(r.Context(), ev); err != nil {
		h.log.ErrorContext(r.Context(), "stripe event failed", "event_id", ev.ID, "type", ev.Type, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (h *WebhookHandler) supplierEvent(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	ev, err := h.supplier.ParseWebhook(body, r.Header.Get("X-Partner-Signature"))
	if errors.Is(err, supplierapi.ErrBadSignature) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}

	seen, err := h.seen.SupplierEventSeen(ctx, ev.ID)
	if err != nil {
		h.log.ErrorContext(ctx, "supplier event lookup failed", "event_id", ev.ID, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	if seen {
		w.WriteHeader(http.StatusOK)
		return
	}
	if err := h.supplierEvents.ApplyEvent(ctx, ev); err != nil {
		h.log.ErrorContext(ctx, "supplier event failed", "event_id", ev.ID, "type", ev.Type, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	if err := h.seen.RecordSupplierEvent(ctx, ev.ID, ev.PartnerCode, ev.Type); err != nil {
		h.log.ErrorContext(ctx, "could not record supplier event", "event_id", ev.ID, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

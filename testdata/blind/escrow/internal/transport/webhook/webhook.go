// Package webhook receives provider webhooks on a plain net/http mux.
package webhook

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"
	stripewebhook "github.com/stripe/stripe-go/v82/webhook"

	"github.com/acme/escrow/internal/escrow"
	"github.com/acme/escrow/internal/provider/shipping"
)

const maxBody = 1 << 20

// PaymentEvents applies Stripe events.
type PaymentEvents interface {
	ApplyPaymentEvent(ctx context.Context, ev escrow.PaymentEvent) error
}

// Tracking records shipping partner notifications.
type Tracking interface {
	RecordDelivery(ctx context.Context, ev shipping.TrackingEvent) error
	RecordException(ctx context.Context, ev shipping.ExceptionEvent) error
}

// Secrets holds the webhook signing secrets.
type Secrets struct {
	Stripe   string
	Shipping string
}

// Handler serves the webhook endpoints.
type Handler struct {
	payments PaymentEvents
	tracking Tracking
	secrets  Secrets
	log      *slog.Logger
}

// NewHandler returns a Handler.
func NewHandler(p PaymentEvents, t Tracking, s Secrets, log *slog.Logger) *Handler {
	return &Handler{payments: p, tracking: t, secrets: s, log: log.With("component", "webhook")}
}

// NewMux registers the webhook routes.
func NewMux(h *Handler) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /webhooks/stripe", h.stripe)
	mux.HandleFunc("POST /webhooks/shipping/tracking", h.shippingTracking)
	mux.HandleFunc("POST /webhooks/shipping/exceptions", h.shippingException)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	return mux
}

func (h *Handler) stripe(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	event, err := stripewebhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secrets.Stripe)
	if err != nil {
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	var pi stripe.PaymentIntent
	if event.Data == nil || json.Unmarshal(event.Data.Raw, &pi) != nil || pi.ID == "" {
		w.WriteHeader(http.StatusNoContent) // not a payment intent event
		return
	}
	err = h.payments.ApplyPaymentEvent(r.Context(), escrow.PaymentEvent{
		ID:              event.ID,
		Type:            string(event.Type),
		PaymentIntentID: pi.ID,
	})
	if err != nil {
		h.log.ErrorContext(r.Context(), "apply stripe event", "event_id", event.ID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// readSigned reads the body and checks the partner's HMAC signature.
func (h *Handler) readSigned(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return false
	}
	if !shipping.VerifySignature(body, r.Header.Get(shipping.SignatureHeader), h.secrets.Shipping) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return false
	}
	if err := json.Unmarshal(body, v); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return false
	}
	return true
}

func (h *Handler) shippingTracking(w http.ResponseWriter, r *http.Request) {
	var ev shipping.TrackingEvent
	if !h.readSigned(w, r, &ev) {
		return
	}
	if err := h.tracking.RecordDelivery(r.Context(), ev); err != nil {
		h.log.ErrorContext(r.Context(), "record tracking event", "event_id", ev.EventID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (h *Handler) shippingException(w http.ResponseWriter, r *http.Request) {
	var ev shipping.ExceptionEvent
	if !h.readSigned(w, r, &ev) {
		return
	}
	if err := h.tracking.RecordException(r.Context(), ev); err != nil {
		h.log.ErrorContext(r.Context(), "record exception", "event_id", ev.EventID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

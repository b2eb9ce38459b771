package httpapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/stripe/stripe-go/v82/webhook"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/provider/funeralhome"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

// WebhookOptions configures WebhookHandler.
type WebhookOptions struct {
	Stripe              service.StripeEvents
	Partner             service.PartnerEvents
	StripeSecret        string
	PartnerSecret       string
	Logger              *zap.Logger
	IgnoreStripeVersion bool
}

// WebhookHandler receives Stripe and funeral-home partner callbacks. Both
// senders redeliver on any non-2xx response.
type WebhookHandler struct {
	opts WebhookOptions
	log  *zap.Logger
}

func NewWebhookHandler(opts WebhookOptions) *WebhookHandler {
	return &WebhookHandler{opts: opts, log: opts.Logger}
}

func (h *WebhookHandler) Mount(r chi.Router) {
	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/stripe", h.stripe)
		r.Post("/funeral-home", h.funeralHome)
	})
}

func (h *WebhookHandler) stripe(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		badRequest(w, "unreadable body")
		return
	}
	evt, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), h.opts.StripeSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: h.opts.IgnoreStripeVersion})
	if err != nil {
		badRequest(w, "invalid signature")
		return
	}
	if err := h.opts.Stripe.HandleStripeEvent(r.Context(), evt); err != nil {
		h.log.Error("stripe event failed", zap.String("event_id", evt.ID), zap.String("type", string(evt.Type)), zap.Error(err))
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (h *WebhookHandler) funeralHome(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		badRequest(w, "unreadable body")
		return
	}
	evt, err := funeralhome.VerifyAndParse(payload, r.Header.Get("X-Restwell-Signature"), h.opts.PartnerSecret)
	if err != nil {
		if errors.Is(err, funeralhome.ErrBadSignature) {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "bad signature", Code: "unauthorized"})
			return
		}
		badRequest(w, err.Error())
		return
	}
	if err := h.opts.Partner.HandlePartnerEvent(r.Context(), evt); err != nil {
		if errors.Is(err, repository.ErrNotFound) {
			// Unknown booking: acknowledge so the partner stops resending.
			h.log.Warn("partner event for unknown booking", zap.String("event_id", evt.ID), zap.String("booking_ref", evt.BookingRef))
			w.WriteHeader(http.StatusOK)
			return
		}
		h.log.Error("partner event failed", zap.String("event_id", evt.ID), zap.Error(err))
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

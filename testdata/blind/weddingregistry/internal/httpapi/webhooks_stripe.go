package httpapi

import (
	"io"
	"net/http"
)

// stripeWebhook verifies and dispatches Stripe events. Any error makes
// Stripe redeliver the event later.
func (h *handlers) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	if err != nil {
		writeError(w, http.StatusBadRequest, "read body")
		return
	}
	evt, err := h.Stripe.ParseWebhook(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid signature")
		return
	}
	if err := h.Webhooks.Handle(r.Context(), evt); err != nil {
		h.Log.ErrorContext(r.Context(), "stripe event failed", "event_id", evt.ID, "type", evt.Type, "err", err)
		writeError(w, http.StatusInternalServerError, "event not processed")
		return
	}
	w.WriteHeader(http.StatusOK)
}

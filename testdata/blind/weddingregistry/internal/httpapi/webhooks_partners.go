package httpapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tiedknot/registry/internal/fulfillment"
)

// retailerWebhook receives order status notifications from a partner.
func (h *handlers) retailerWebhook(w http.ResponseWriter, r *http.Request) {
	partner, err := h.Retailers.Get(chi.URLParam(r, "retailer"))
	if err != nil {
		writeError(w, http.StatusNotFound, "unknown retailer")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	if err != nil {
		writeError(w, http.StatusBadRequest, "read body")
		return
	}
	evt, err := partner.ParseWebhook(body, r.Header.Get("X-Partner-Signature"))
	if err != nil {
		writeError(w, http.StatusUnauthorized, err.Error())
		return
	}
	err = h.Fulfillment.RecordShipmentEvent(r.Context(), partner.Name(), evt)
	if errors.Is(err, fulfillment.ErrUnknownOrder) {
		// Not ours (or not yet placed); acknowledge so the partner stops.
		w.WriteHeader(http.StatusOK)
		return
	}
	if err != nil {
		h.Log.ErrorContext(r.Context(), "retailer event failed", "retailer", partner.Name(), "event_id", evt.EventID, "err", err)
		writeError(w, http.StatusInternalServerError, "event not processed")
		return
	}
	w.WriteHeader(http.StatusOK)
}

// mailerWebhook receives delivery callbacks from the email API.
func (h *handlers) mailerWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	if err != nil {
		writeError(w, http.StatusBadRequest, "read body")
		return
	}
	evt, err := h.Mailer.ParseWebhook(body, r.Header.Get("Mailer-Signature"))
	if err != nil {
		writeError(w, http.StatusUnauthorized, err.Error())
		return
	}
	if err := h.Notify.HandleDeliveryEvent(r.Context(), evt, body); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

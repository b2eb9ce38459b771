package api

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/soundledger/royalties/internal/platform/logging"
)

const maxWebhookBody = 256 << 10

// stripeWebhook verifies and processes a Stripe event. Any error returns
// 500 so Stripe redelivers the event.
func (h *Handler) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	evt, err := h.Verifier.Verify(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		logging.FromContext(r.Context()).Warn("stripe webhook rejected", slog.Any("err", err))
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := h.Webhooks.Process(r.Context(), evt, payload); err != nil {
		logging.FromContext(r.Context()).Error("stripe webhook failed",
			slog.String("event_id", evt.ID), slog.String("type", string(evt.Type)), slog.Any("err", err))
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

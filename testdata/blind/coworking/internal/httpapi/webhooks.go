package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/deskhive/coworking/internal/webhooks"
)

const maxWebhookBody = 256 << 10

func stripeWebhook(p *webhooks.StripeProcessor, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		payload, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody))
		if err != nil {
			http.Error(w, "read body", http.StatusBadRequest)
			return
		}
		evt, err := p.Verify(payload, r.Header.Get("Stripe-Signature"))
		if err != nil {
			log.WarnContext(r.Context(), "stripe signature rejected", "err", err)
			http.Error(w, "bad signature", http.StatusBadRequest)
			return
		}
		if err := p.Process(r.Context(), evt); err != nil {
			log.ErrorContext(r.Context(), "stripe event failed", "event_id", evt.ID, "type", evt.Type, "err", err)
			http.Error(w, "processing failed", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
}

func doorWebhook(p *webhooks.DoorProcessor, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody))
		if err != nil {
			http.Error(w, "read body", http.StatusBadRequest)
			return
		}
		if err := p.Verify(body, r.Header.Get("X-Signature")); err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		var evt webhooks.DoorEvent
		if err := json.Unmarshal(body, &evt); err != nil || evt.EventID == "" {
			http.Error(w, "malformed event", http.StatusBadRequest)
			return
		}
		if err := p.Process(r.Context(), evt); err != nil {
			if errors.Is(err, r.Context().Err()) {
				return
			}
			log.ErrorContext(r.Context(), "door event failed", "event_id", evt.EventID, "err", err)
			http.Error(w, "processing failed", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

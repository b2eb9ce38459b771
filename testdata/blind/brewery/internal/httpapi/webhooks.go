package httpapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/ironkettle/taproute/internal/provider/ach"
	"github.com/ironkettle/taproute/internal/provider/taxportal"
)

// achWebhook receives transfer status events. The provider resends any event
// that does not get a 2xx within 10 seconds, for up to three days.
func achWebhook(verify ACHWebhooks, svc PaymentAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := readBody(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		evt, err := verify.ParseWebhook(r.Header.Get("Ach-Signature"), body)
		if errors.Is(err, ach.ErrBadSignature) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		if err != nil {
			http.Error(w, "bad payload", http.StatusBadRequest)
			return
		}
		if err := svc.HandleACHEvent(r.Context(), evt); err != nil {
			slog.ErrorContext(r.Context(), "ach webhook", "event", evt.ID, "type", evt.Type, "err", err)
			http.Error(w, "retry later", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// taxPortalWebhook receives return accepted/rejected notifications.
func taxPortalWebhook(verify PortalWebhooks, svc ExciseAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := readBody(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if !verify.VerifyWebhook(r.Header.Get("X-Portal-Signature"), body) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var evt taxportal.Event
		if err := json.Unmarshal(body, &evt); err != nil || evt.EventID == "" {
			http.Error(w, "bad payload", http.StatusBadRequest)
			return
		}
		if err := svc.HandlePortalEvent(r.Context(), evt); err != nil {
			slog.ErrorContext(r.Context(), "taxportal webhook", "event", evt.EventID, "err", err)
			http.Error(w, "retry later", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/curbline-civic/permits/internal/platform/httpx"
)

// paygateWebhook answers 2xx only once the event is applied; Paygate
// redelivers anything else with backoff for three days.
func paygateWebhook(v WebhookVerifier, svc PaymentService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "read body", http.StatusBadRequest)
			return
		}
		evt, err := v.ParseWebhook(body, r.Header.Get("Paygate-Signature"), time.Now())
		if err != nil {
			log.Warn("rejected paygate webhook", "err", err)
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		if err := svc.HandleWebhook(r.Context(), evt); err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
}

// mailhouseCallback applies print and delivery status updates from the mail
// house, which retries a callback until it gets a 2xx.
func mailhouseCallback(v CallbackVerifier, svc PermitService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "read body", http.StatusBadRequest)
			return
		}
		cb, err := v.ParseCallback(body, r.Header.Get("X-Mailhouse-Signature"))
		if err != nil {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		if err := svc.ApplyCallback(r.Context(), cb); err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

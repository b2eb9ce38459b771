package webhooks

import (
	"log/slog"
	"net/http"

	"github.com/carelink/telehealth/internal/platform/httpx"
)

// NewRouter mounts every receiver.
func NewRouter(v *Video, p *Pharmacy, s *Stripe, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /webhooks/roomly/events", v.Events)
	mux.HandleFunc("POST /webhooks/roomly/recordings", v.RecordingReady)
	mux.HandleFunc("POST /webhooks/rxrelay/status", p.Status)
	mux.HandleFunc("POST /webhooks/stripe", s.Handle)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
	})
	return httpx.AccessLog(log, mux)
}

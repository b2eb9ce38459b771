package webhooks

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/adapters/http/httpx"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

// NewRouter mounts the provider callbacks.
func NewRouter(stripe *Stripe, ws *Wholesale, sms *SMS, m *metrics.Metrics, log *zap.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(httpx.RequestLogger(log.Named("webhooks")))
	r.Use(httpx.CountRequests(m))
	r.Use(middleware.Recoverer)

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	r.Method(http.MethodPost, "/webhooks/stripe", stripe)
	r.Method(http.MethodPost, "/webhooks/wholesale", ws)
	r.Post("/webhooks/sms/status", sms.Status)
	r.Post("/webhooks/sms/inbound", sms.Inbound)
	return r
}

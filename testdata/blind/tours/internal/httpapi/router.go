package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// Handlers groups the per-resource handlers mounted on the router.
type Handlers struct {
	Bookings   *BookingHandler
	Travellers *TravellerHandler
	Payments   *PaymentHandler
	Departures *DepartureHandler
	Holds      *HoldHandler
	Suppliers  *SupplierHandler
	Webhooks   *WebhookHandler
}

// NewRouter builds the HTTP router.
func NewRouter(h Handlers, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLogger(log))
	r.Use(middleware.Recoverer)

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	// Webhooks are authenticated by signature, not by the API gateway, and
	// must not time out before the body is read.
	h.Webhooks.Routes(r)

	r.Group(func(r chi.Router) {
		r.Use(middleware.Timeout(30 * time.Second))
		r.Route("/v1", func(r chi.Router) {
			h.Bookings.Routes(r)
			h.Travellers.Routes(r)
			h.Payments.Routes(r)
			h.Departures.Routes(r)
			h.Holds.Routes(r)
			h.Suppliers.Routes(r)
		})
	})
	return r
}

func requestLogger(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r)
			log.InfoContext(r.Context(), "http",
				"method", r.Method, "path", r.URL.Path, "status", ww.Status(),
				"duration_ms", time.Since(start).Milliseconds(),
				"request_id", middleware.GetReqID(r.Context()))
		})
	}
}

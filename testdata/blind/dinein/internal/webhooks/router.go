package webhooks

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// NewRouter mounts the webhook receivers.
func NewRouter(stripeH *StripeHandler, courierH *CourierHandler) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer)
	r.Use(middleware.Timeout(25 * time.Second))
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	r.Method(http.MethodPost, "/webhooks/stripe", stripeH)
	r.Method(http.MethodPost, "/webhooks/swiftcourier", courierH)
	return r
}

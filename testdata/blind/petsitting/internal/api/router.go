// Package api exposes the owner and sitter HTTP API.
package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/pawtrail-labs/pawtrail/internal/httpx"
	"github.com/pawtrail-labs/pawtrail/internal/webhooks"
)

type RouterParams struct {
	Bookings  *BookingHandlers
	Activity  *ActivityHandlers
	Responses httpx.ResponseStore
	Stripe    *webhooks.StripeHandler
	SMS       *webhooks.SMSHandler
	Lockbox   *webhooks.LockboxHandler
}

func NewRouter(p RouterParams) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Use(httpx.Authenticate)

		r.With(httpx.Replay(p.Responses)).Post("/bookings", httpx.Handle(p.Bookings.Create))
		r.Route("/bookings/{bookingID}", func(r chi.Router) {
			r.Get("/", httpx.Handle(p.Bookings.Get))
			r.Post("/deposit", httpx.Handle(p.Bookings.HoldDeposit))
			r.Post("/accept", httpx.Handle(p.Bookings.Accept))
			r.Post("/cancel", httpx.Handle(p.Bookings.Cancel))
			r.Post("/tips", httpx.Handle(p.Bookings.Tip))

			r.Post("/checkins", httpx.Handle(p.Activity.Checkin))
			r.Post("/complete", httpx.Handle(p.Activity.Complete))
			r.Post("/reviews", httpx.Handle(p.Activity.Review))
		})
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/stripe", httpx.Handle(p.Stripe.Handle))
		r.Post("/sms/status", httpx.Handle(p.SMS.Status))
		r.Post("/sms/inbound", httpx.Handle(p.SMS.Inbound))
		r.Post("/lockbox", httpx.Handle(p.Lockbox.Handle))
	})
	return r
}

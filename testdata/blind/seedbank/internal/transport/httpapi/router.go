// Package httpapi exposes the seed library over HTTP.
package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/furrowline/seedbank/internal/platform/httpx"
)

// Pinger checks a dependency for the readiness probe.
type Pinger func(ctx context.Context) error

// NewRouter mounts every route.
func NewRouter(members *MemberHandlers, lending *LendingHandlers, donations *DonationHandlers, hooks *WebhookHandlers, ready Pinger) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	r.Get("/readyz", func(w http.ResponseWriter, r *http.Request) {
		if err := ready(r.Context()); err != nil {
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})

	r.Route("/v1", func(r chi.Router) {
		r.With(donations.requirePortalKey).Post("/donations", donations.Create)

		r.Group(func(r chi.Router) {
			r.Use(httpx.GatewayIdentity)
			r.Post("/reservations", lending.Reserve)
			r.Post("/reservations/{reservationID}/confirm", lending.Confirm)
			r.Post("/reservations/{reservationID}/cancel", lending.Cancel)
			r.Post("/loans/{loanID}/return", lending.ReturnHarvest)
			r.Post("/members/me/dues", members.PayDues)
		})
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/payments", hooks.Payments)
		r.Post("/lab", hooks.Lab)
		r.Post("/courier", hooks.Courier)
	})
	return r
}

// Package httpapi is the public and ops HTTP API.
package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	chimw "github.com/go-chi/chi/v5/middleware"

	mw "github.com/kickvolt/ridecore/internal/httpapi/middleware"
	"github.com/kickvolt/ridecore/internal/reqctx"
)

// Handlers groups every handler the router mounts.
type Handlers struct {
	Rides    *RideHandler
	Passes   *PassHandler
	Fines    *FineHandler
	Swaps    *SwapHandler
	Webhooks *WebhookHandler
}

// NewRouter builds the chi router with the middleware chain.
func NewRouter(h Handlers, auth *mw.Authenticator, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(mw.RequestID)
	r.Use(chimw.RealIP)
	r.Use(mw.Logger(log))
	r.Use(chimw.Recoverer)
	r.Use(chimw.Timeout(25 * time.Second))
	r.Use(mw.IdempotencyKey)

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	r.Post("/webhooks/stripe", h.Webhooks.Stripe)

	wrap := func(fn func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if err := fn(w, r); err != nil {
				writeError(w, r, log, err)
			}
		}
	}

	r.Route("/v1", func(r chi.Router) {
		r.Use(auth.Middleware)

		r.Group(func(r chi.Router) {
			r.Use(mw.RequireRole(reqctx.RoleRider))
			r.Post("/rides", wrap(h.Rides.Start))
			r.Post("/rides/{rideID}/end", wrap(h.Rides.End))
			r.Post("/passes", wrap(h.Passes.Purchase))
			r.Post("/fines/{fineID}/contest", wrap(h.Fines.Contest))
		})

		r.Route("/tech", func(r chi.Router) {
			r.Use(mw.RequireRole(reqctx.RoleTechnician))
			r.Post("/swaps/{jobID}/accept", wrap(h.Swaps.Accept))
			r.Post("/swaps/{jobID}/complete", wrap(h.Swaps.Complete))
		})

		r.Route("/ops", func(r chi.Router) {
			r.Use(mw.RequireRole(reqctx.RoleOps))
			r.Post("/passes/{passID}/grants", wrap(h.Passes.Grant))
			r.Post("/fines", wrap(h.Fines.Issue))
			r.Post("/fines/{fineID}/decision", wrap(h.Fines.Decide))
		})
	})
	return r
}

// Package api routes technicians' requests through an adapter of its
// own, kept in a variable of the function that builds the router.
package api

import (
	"context"
	"log/slog"
	"net/http"

	"example.com/wiredlocal/svc"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

// SwapService completes swaps.
type SwapService interface {
	Complete(ctx context.Context, c svc.Complete) error
}

// SwapHandler serves swaps.
type SwapHandler struct{ Svc SwapService }

// Complete records a swap under an ID it makes: a retry records a
// second swap, whose ID is new, not one the caller sent.
func (h *SwapHandler) Complete(w http.ResponseWriter, r *http.Request) error {
	return h.Svc.Complete(r.Context(), svc.Complete{SwapID: "bsw_" + uuid.NewString(), Battery: r.FormValue("battery")}) // want `a retry inserts a second swaps row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler SwapHandler.Complete\)`
}

// Handlers are the router's handlers.
type Handlers struct{ Swaps *SwapHandler }

// NewRouter mounts the handlers.
func NewRouter(h Handlers, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	wrap := func(fn func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if err := fn(w, r); err != nil {
				log.Error("request failed", "err", err)
			}
		}
	}
	r.Route("/v1", func(r chi.Router) {
		r.Post("/swaps", wrap(h.Swaps.Complete))
	})
	return r
}

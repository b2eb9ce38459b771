// Package api serves the co-pay routes.
package api

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"example.com/wiredintent/app"
)

// Collector collects co-pays.
type Collector interface {
	Collect(ctx context.Context, tripID string, amount int64) error
	CollectLoose(ctx context.Context, tripID string, amount int64) error
}

// Handler serves the routes.
type Handler struct {
	Svc    Collector
	Copays app.Copays
	Cards  app.Cards
}

// Collect collects a trip's co-pay.
func (h *Handler) Collect(w http.ResponseWriter, r *http.Request) {
	h.Svc.Collect(r.Context(), r.FormValue("trip"), 500)
}

// CollectLoose collects a co-pay recorded anew on every attempt.
func (h *Handler) CollectLoose(w http.ResponseWriter, r *http.Request) {
	h.Svc.CollectLoose(r.Context(), r.FormValue("trip"), 500)
}

// Tip records the trip's tip and charges it itself, under a key made
// per attempt.
func (h *Handler) Tip(w http.ResponseWriter, r *http.Request) {
	tip, err := h.Copays.Open(r.Context(), &app.Copay{ID: uuid.NewString(), TripID: r.FormValue("trip"), Amount: 200})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := h.Cards.Charge(r.Context(), app.Charge{Amount: tip.Amount, IdempotencyKey: uuid.NewString()}); err != nil { // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Tip\)`
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

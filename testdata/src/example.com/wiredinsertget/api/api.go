// Package api serves cancellations.
package api

import (
	"context"
	"net/http"
)

// Canceller cancels memberships.
type Canceller interface {
	Cancel(ctx context.Context, membership string) error
}

// Handler serves the routes.
type Handler struct{ Svc Canceller }

// Cancel cancels a membership.
func (h *Handler) Cancel(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Cancel(r.Context(), r.PathValue("membership")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

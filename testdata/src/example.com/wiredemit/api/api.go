// Package api serves the ledger's routes.
package api

import (
	"context"
	"net/http"
)

// Ledger posts entries and applies a provider's events.
type Ledger interface {
	Post(ctx context.Context, amount string) error
	Apply(ctx context.Context, event string) error
}

// Handler serves the routes.
type Handler struct{ Svc Ledger }

// Post posts an entry.
func (h *Handler) Post(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Post(r.Context(), r.FormValue("amount")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Event applies a provider's event.
func (h *Handler) Event(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Apply(r.Context(), r.FormValue("event")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

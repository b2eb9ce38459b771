// Package api serves the awards and the provider's events.
package api

import (
	"context"
	"net/http"
)

// Awarder awards bursaries and applies events.
type Awarder interface {
	Award(ctx context.Context, registration string) error
	Apply(ctx context.Context, event string) error
}

// Handler serves the routes.
type Handler struct{ Svc Awarder }

// Award awards the registration the form names.
func (h *Handler) Award(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Award(r.Context(), r.FormValue("registration")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

// Event applies a provider's event.
func (h *Handler) Event(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Apply(r.Context(), r.FormValue("event")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

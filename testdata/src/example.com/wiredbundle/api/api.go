// Package api serves the provider's webhooks.
package api

import (
	"context"
	"net/http"
)

// Applier applies events.
type Applier interface {
	Apply(ctx context.Context, event string) error
	ApplyTogether(ctx context.Context, event string) error
}

// Handler serves the webhooks.
type Handler struct{ Svc Applier }

// Event applies the event the form names.
func (h *Handler) Event(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Apply(r.Context(), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// EventTogether applies it in one unit of work.
func (h *Handler) EventTogether(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.ApplyTogether(r.Context(), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

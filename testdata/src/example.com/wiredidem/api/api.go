// Package api serves orders through the service's interface.
package api

import (
	"context"
	"net/http"
)

// Placer places orders.
type Placer interface {
	Place(ctx context.Context, key string) error
	PlaceLoose(ctx context.Context) error
}

// Handler serves orders.
type Handler struct{ Svc Placer }

func (h *Handler) Place(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Place(r.Context(), r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PlaceLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.PlaceLoose(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

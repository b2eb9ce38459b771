// Package api serves orders.
package api

import (
	"context"
	"net/http"
)

// Placer places orders.
type Placer interface {
	Place(ctx context.Context, key, id string) error
	PlaceLoose(ctx context.Context, key, id string) error
}

// Handler serves orders.
type Handler struct{ Placer Placer }

// Place places an order once per key.
func (h *Handler) Place(w http.ResponseWriter, r *http.Request) {
	h.Placer.Place(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("id"))
}

// PlaceLoose places an order, checking its key apart.
func (h *Handler) PlaceLoose(w http.ResponseWriter, r *http.Request) {
	h.Placer.PlaceLoose(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("id"))
}

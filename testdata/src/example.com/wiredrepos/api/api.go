// Package api serves voids.
package api

import (
	"context"
	"net/http"
)

// Voider voids tickets.
type Voider interface {
	Void(ctx context.Context, id, contract string) error
	VoidApart(ctx context.Context, id, contract string) error
	Adjust(ctx context.Context, key, contract string) error
}

// Handler serves voids.
type Handler struct{ Voider Voider }

// Void voids a ticket.
func (h *Handler) Void(w http.ResponseWriter, r *http.Request) {
	h.Voider.Void(r.Context(), r.FormValue("id"), r.FormValue("contract"))
}

// VoidApart voids a ticket in two steps.
func (h *Handler) VoidApart(w http.ResponseWriter, r *http.Request) {
	h.Voider.VoidApart(r.Context(), r.FormValue("id"), r.FormValue("contract"))
}

// Adjust adjusts a contract once per key.
func (h *Handler) Adjust(w http.ResponseWriter, r *http.Request) {
	h.Voider.Adjust(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("contract"))
}

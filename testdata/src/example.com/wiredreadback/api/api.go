// Package api serves the reversals.
package api

import (
	"context"
	"net/http"
)

// Reverser reverses payouts.
type Reverser interface {
	Reverse(ctx context.Context, payout string) error
	ReverseKeyed(ctx context.Context, payout string) error
}

// Handler serves the routes.
type Handler struct{ Svc Reverser }

// Reverse reverses a payout.
func (h *Handler) Reverse(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Reverse(r.Context(), r.PathValue("payout")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// ReverseKeyed reverses a payout under its reversal's ID.
func (h *Handler) ReverseKeyed(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.ReverseKeyed(r.Context(), r.PathValue("payout")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Package api serves the processor's webhooks.
package api

import (
	"context"
	"net/http"
)

// Applier applies events.
type Applier interface {
	Apply(ctx context.Context, event, order string) error
	ApplyLoosely(ctx context.Context, event, order string) error
}

// Handler serves the routes.
type Handler struct{ Svc Applier }

// Paid applies a payment event.
func (h *Handler) Paid(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Apply(r.Context(), r.FormValue("event"), r.FormValue("order")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// PaidLoosely applies a payment event, claimed apart.
func (h *Handler) PaidLoosely(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.ApplyLoosely(r.Context(), r.FormValue("event"), r.FormValue("order")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

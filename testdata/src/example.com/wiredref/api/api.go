// Package api serves the cancellations.
package api

import (
	"context"
	"net/http"
)

// Canceller cancels registrations.
type Canceller interface {
	Cancel(ctx context.Context, id string) error
	CancelKeyed(ctx context.Context, id string) error
}

// Handler serves the routes.
type Handler struct{ Svc Canceller }

// Cancel cancels the registration the form names.
func (h *Handler) Cancel(w http.ResponseWriter, r *http.Request) {
	h.Svc.Cancel(r.Context(), r.FormValue("id"))
}

// CancelKeyed cancels it the keyed way.
func (h *Handler) CancelKeyed(w http.ResponseWriter, r *http.Request) {
	h.Svc.CancelKeyed(r.Context(), r.FormValue("id"))
}

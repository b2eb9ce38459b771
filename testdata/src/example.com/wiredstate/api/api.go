// Package api serves the appointments API.
package api

import (
	"context"
	"net/http"
)

type Appointments interface {
	Cancel(ctx context.Context, id string) error
	Close(ctx context.Context, id string) error
}

type Handler struct{ Appointments Appointments }

func (h *Handler) Cancel(w http.ResponseWriter, r *http.Request) {
	if err := h.Appointments.Cancel(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) Close(w http.ResponseWriter, r *http.Request) {
	if err := h.Appointments.Close(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

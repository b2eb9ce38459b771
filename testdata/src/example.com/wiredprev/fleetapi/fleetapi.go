// Package fleetapi receives the devices' events over HTTP.
package fleetapi

import (
	"context"
	"net/http"
)

// Events handles an event.
type Events interface {
	Handle(ctx context.Context, typ, device string) error
}

// Handler serves the events' endpoint.
type Handler struct{ Events Events }

// Event hands the event to the service.
func (h *Handler) Event(w http.ResponseWriter, r *http.Request) {
	if err := h.Events.Handle(r.Context(), r.FormValue("type"), r.FormValue("device")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Package api receives the provider's webhooks.
package api

import (
	"net/http"

	"example.com/wireddispatch/events"
)

// Handler serves the webhooks.
type Handler struct{ Processor events.Processor }

// Events applies a delivered event; the provider delivers it again
// until it is answered with a success.
func (h *Handler) Events(w http.ResponseWriter, r *http.Request) {
	if err := h.Processor.Process(r.Context(), r.FormValue("type"), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

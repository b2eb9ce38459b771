// Package api receives the provider's webhooks.
package api

import (
	"net/http"

	"example.com/wireddispatch/events"
	"example.com/wireddispatch/mail"
)

// Handler serves the webhooks.
type Handler struct {
	Processor events.Processor
	Mail      mail.Sender
}

// Receipt sends a note built without a key.
func (h *Handler) Receipt(w http.ResponseWriter, r *http.Request) {
	h.Mail.SendNote(r.Context(), mail.NewNote("customer@example.com"))
}

// Thanks sends a note keyed by the request.
func (h *Handler) Thanks(w http.ResponseWriter, r *http.Request) {
	h.Mail.SendNote(r.Context(), mail.NewNote("customer@example.com").WithKey(r.Header.Get("Idempotency-Key")))
}

// Events applies a delivered event; the provider delivers it again
// until it is answered with a success.
func (h *Handler) Events(w http.ResponseWriter, r *http.Request) {
	if err := h.Processor.Process(r.Context(), r.FormValue("type"), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

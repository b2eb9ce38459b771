// Package svc texts customers.
package svc

import (
	"context"
	"net/http"
)

// SMS is a message to send.
type SMS struct {
	To, Body  string
	ClientRef string
}

type Sender interface {
	Send(ctx context.Context, m SMS) error
}

type Handler struct{ SMS Sender }

// Remind texts with the request's key as the message's reference.
func (h *Handler) Remind(w http.ResponseWriter, r *http.Request) {
	h.SMS.Send(r.Context(), SMS{To: r.FormValue("to"), Body: "due", ClientRef: r.Header.Get("Idempotency-Key")})
}

// Notify leaves the reference empty.
func (h *Handler) Notify(w http.ResponseWriter, r *http.Request) {
	h.SMS.Send(r.Context(), SMS{To: r.FormValue("to"), Body: "forfeited"})
}

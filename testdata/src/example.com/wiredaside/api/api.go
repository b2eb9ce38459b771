// Package api receives the payment provider's events.
package api

import (
	"context"
	"io"
	"log"
	"net/http"
)

// Receipts keeps every delivery of an event as it came in.
type Receipts interface {
	Keep(ctx context.Context, eventID string, body []byte) error
}

// Payments applies an event once.
type Payments interface {
	Apply(ctx context.Context, eventID string) error
	Receive(ctx context.Context, eventID string, body []byte) error
}

type Handler struct {
	Receipts Receipts
	Payments Payments
}

// Event keeps the delivery, going on when that fails, then applies it.
func (h *Handler) Event(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Event-Id")
	body, _ := io.ReadAll(r.Body)
	h.keep(r.Context(), id, body)
	if err := h.Payments.Apply(r.Context(), id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) keep(ctx context.Context, id string, body []byte) {
	if err := h.Receipts.Keep(ctx, id, body); err != nil {
		log.Printf("keep event %s: %v", id, err)
	}
}

// StrictEvent fails the delivery when it cannot keep it: the kept row
// is part of the work, and a retry adds a second.
func (h *Handler) StrictEvent(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Event-Id")
	body, _ := io.ReadAll(r.Body)
	if err := h.Receipts.Keep(r.Context(), id, body); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := h.Payments.Apply(r.Context(), id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Received hands the delivery to the service, which keeps it.
func (h *Handler) Received(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := h.Payments.Receive(r.Context(), r.Header.Get("Event-Id"), body); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

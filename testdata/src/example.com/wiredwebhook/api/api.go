// Package api receives the payment provider's webhooks.
package api

import (
	"context"
	"encoding/json"
	"net/http"
)

// Event is a webhook's body.
type Event struct {
	ID         string `json:"id"`
	Type       string `json:"type"`
	TransferID string `json:"transfer_id"`
}

// Payments applies events.
type Payments interface {
	Apply(ctx context.Context, id, transfer string) error
	ApplyOnce(ctx context.Context, id, transfer string) error
	ApplyUndone(ctx context.Context, id, transfer string) error
	Hold(ctx context.Context, id, transfer string) error
}

// Handler serves the webhooks.
type Handler struct {
	Payments Payments
}

func (h *Handler) decode(w http.ResponseWriter, r *http.Request) (Event, bool) {
	var evt Event
	if err := json.NewDecoder(r.Body).Decode(&evt); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return evt, false
	}
	return evt, true
}

// Settled applies a settlement.
func (h *Handler) Settled(w http.ResponseWriter, r *http.Request) {
	if evt, ok := h.decode(w, r); ok {
		h.answer(w, h.Payments.Apply(r.Context(), evt.ID, evt.TransferID))
	}
}

// SettledOnce applies a settlement, claimed with it.
func (h *Handler) SettledOnce(w http.ResponseWriter, r *http.Request) {
	if evt, ok := h.decode(w, r); ok {
		h.answer(w, h.Payments.ApplyOnce(r.Context(), evt.ID, evt.TransferID))
	}
}

// SettledUndone applies a settlement, its claim undone on failure.
func (h *Handler) SettledUndone(w http.ResponseWriter, r *http.Request) {
	if evt, ok := h.decode(w, r); ok {
		h.answer(w, h.Payments.ApplyUndone(r.Context(), evt.ID, evt.TransferID))
	}
}

// Disputed holds the transfer's payout.
func (h *Handler) Disputed(w http.ResponseWriter, r *http.Request) {
	if evt, ok := h.decode(w, r); ok {
		h.answer(w, h.Payments.Hold(r.Context(), evt.ID, evt.TransferID))
	}
}

func (h *Handler) answer(w http.ResponseWriter, err error) {
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

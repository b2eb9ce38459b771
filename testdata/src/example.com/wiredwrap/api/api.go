// Package api serves payments; the handler already hands the charge its
// key in the context.
package api

import (
	"context"
	"net/http"

	"example.com/wiredwrap/payments"
)

// Charger charges cards.
type Charger interface {
	Charge(ctx context.Context, amount int64) error
}

// Handler serves the payments API.
type Handler struct{ Payments Charger }

// Pay charges a card.
func (h *Handler) Pay(w http.ResponseWriter, r *http.Request) {
	h.Payments.Charge(payments.WithIdempotencyKey(r.Context(), r.Header.Get("Idempotency-Key")), 100)
}

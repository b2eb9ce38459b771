// Package api serves payments.
package api

import (
	"context"
	"net/http"
)

// Payer pays.
type Payer interface {
	Pay(ctx context.Context, id string) error
}

// Handler serves payments.
type Handler struct{ Payer Payer }

// Pay pays an order.
func (h *Handler) Pay(w http.ResponseWriter, r *http.Request) {
	h.Payer.Pay(r.Context(), r.FormValue("id"))
}

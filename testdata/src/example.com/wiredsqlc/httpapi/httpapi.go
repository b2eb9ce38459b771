// Package httpapi serves the refunds.
package httpapi

import (
	"context"
	"net/http"
)

// Refunder refunds orders.
type Refunder interface {
	Refund(ctx context.Context, customer, orderID string, cents int64) error
	RefundTx(ctx context.Context, customer, orderID string, cents int64) error
}

// Handler serves the refund routes.
type Handler struct {
	Refunds Refunder
	Moves   Rebalancer
}

// Refund refunds an order, write by write.
func (h *Handler) Refund(w http.ResponseWriter, r *http.Request) {
	if err := h.Refunds.Refund(r.Context(), r.FormValue("customer"), r.PathValue("id"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// RefundTx refunds an order in one transaction.
func (h *Handler) RefundTx(w http.ResponseWriter, r *http.Request) {
	if err := h.Refunds.RefundTx(r.Context(), r.FormValue("customer"), r.PathValue("id"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Rebalancer moves credit between an order and its customer.
type Rebalancer interface {
	Rebalance(ctx context.Context, customer, orderID string) error
}

// Rebalance moves an order's credit on the Flex main built on the
// pool: each write commits on its own.
func (h *Handler) Rebalance(w http.ResponseWriter, r *http.Request) {
	if err := h.Moves.Rebalance(r.Context(), r.FormValue("customer"), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

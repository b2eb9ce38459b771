// Package httpapi reserves orders over HTTP too: a request's context
// carries no gRPC metadata, so the service's fix keeps its fresh value
// for it.
package httpapi

import (
	"net/http"

	"example.com/wiredgrpc/app"
)

// Handler serves the orders.
type Handler struct{ Orders app.Orders }

// Reserve reserves an order.
func (h *Handler) Reserve(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Orders.Reserve(r.Context(), 1); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

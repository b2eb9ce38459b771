// Package api serves the order API.
package api

import (
	"net/http"

	"example.com/litemain/app"
)

// Handler places an order per request.
type Handler struct{ Svc app.Service }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.Svc.Place(r.Context())
}

// Package httpapi holds the handlers: they see only app's interfaces.
package httpapi

import (
	"net/http"

	"bank/internal/app"
)

type Handler struct{ Transfers app.Transfers }

func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	h.Transfers.Create(r.Context(), 100)
}

func (h *Handler) Open(w http.ResponseWriter, r *http.Request) {
	h.Transfers.Open(r.Context(), r.FormValue("email"))
}

func (h *Handler) Statement(w http.ResponseWriter, r *http.Request) {
	h.Transfers.Statement(r.Context(), r.FormValue("account"))
}

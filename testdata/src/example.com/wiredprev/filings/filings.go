// Package filings takes requests to file a shipment's declaration.
package filings

import (
	"net/http"

	"example.com/wiredprev/customs"
)

// Handler files declarations through the customs service.
type Handler struct{ Customs *customs.Service }

// File files the declaration under the shipment's reference.
func (h *Handler) File(w http.ResponseWriter, r *http.Request) {
	h.Customs.File(r.Context(), r.FormValue("shipment"))
}

// FileBare files it with no reference.
func (h *Handler) FileBare(w http.ResponseWriter, r *http.Request) {
	h.Customs.FileBare(r.Context(), r.FormValue("shipment"))
}

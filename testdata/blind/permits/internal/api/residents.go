package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/civicworks/permits/internal/api/middleware"
	"github.com/civicworks/permits/internal/service"
)

// ResidentHandler serves the resident profile.
type ResidentHandler struct {
	svc service.Residents
	log *slog.Logger
}

// NewResidentHandler builds the handler.
func NewResidentHandler(svc service.Residents, log *slog.Logger) *ResidentHandler {
	return &ResidentHandler{svc: svc, log: log}
}

// Register mounts the routes.
func (h *ResidentHandler) Register(r chi.Router) {
	r.With(middleware.RequireResident).Put("/v1/residents/me/contact", h.updateContact)
}

func (h *ResidentHandler) updateContact(w http.ResponseWriter, r *http.Request) {
	var in service.ContactInput
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	res, err := h.svc.UpdateContact(r.Context(), middleware.ResidentID(r.Context()), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

package api

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/civicworks/permits/internal/api/middleware"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/service"
)

// InspectionHandler serves resident inspection booking.
type InspectionHandler struct {
	svc service.Inspections
	log *slog.Logger
}

// NewInspectionHandler builds the handler.
func NewInspectionHandler(svc service.Inspections, log *slog.Logger) *InspectionHandler {
	return &InspectionHandler{svc: svc, log: log}
}

// Register mounts the routes.
func (h *InspectionHandler) Register(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(middleware.RequireResident)
		r.Post("/v1/applications/{id}/inspections", h.book)
		r.Delete("/v1/inspections/{inspectionID}", h.cancel)
	})
}

func (h *InspectionHandler) book(w http.ResponseWriter, r *http.Request) {
	var in service.BookInput
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	insp, err := h.svc.Book(r.Context(), middleware.ResidentID(r.Context()), chi.URLParam(r, "id"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, insp)
}

func (h *InspectionHandler) cancel(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "inspectionID"))
	if err != nil {
		writeError(w, r, h.log, errors.Join(permits.ErrNotFound, err))
		return
	}
	insp, err := h.svc.Cancel(r.Context(), middleware.ResidentID(r.Context()), id)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, insp)
}

package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/pooltrack/vanpool/internal/service"
)

// MembersHandler serves HR's enrolment feed.
type MembersHandler struct {
	svc service.Enrollment
	log *slog.Logger
}

// NewMembersHandler returns a MembersHandler.
func NewMembersHandler(svc service.Enrollment, log *slog.Logger) *MembersHandler {
	return &MembersHandler{svc: svc, log: log}
}

// Mount implements Routes.
func (h *MembersHandler) Mount(r chi.Router) {
	r.Post("/v1/members", h.Enroll)
}

// Enroll handles POST /v1/members.
func (h *MembersHandler) Enroll(w http.ResponseWriter, r *http.Request) {
	var in service.EnrollInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	m, created, err := h.svc.Enroll(r.Context(), in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, m)
}

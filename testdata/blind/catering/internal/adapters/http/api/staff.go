package api

import (
	"net/http"

	"github.com/google/uuid"

	"github.com/forkandfeast/catering/internal/adapters/http/httpx"
	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

type assignRequest struct {
	StaffIDs []uuid.UUID `json:"staff_ids"`
}

func (h *handlers) assignShift(w http.ResponseWriter, r *http.Request) {
	shiftID, err := httpx.UUIDParam(r, "shiftID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	var req assignRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	out, err := h.Staffing.Assign(r.Context(), ports.AssignShift{ShiftID: shiftID, StaffIDs: req.StaffIDs})
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, out)
}

// claimShift is called by the staff app; the caller's staff ID comes from the
// gateway-authenticated X-Staff-ID header.
func (h *handlers) claimShift(w http.ResponseWriter, r *http.Request) {
	shiftID, err := httpx.UUIDParam(r, "shiftID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	staffID, err := uuid.Parse(r.Header.Get("X-Staff-ID"))
	if err != nil {
		httpx.Error(w, r, h.log, domain.Invalid("X-Staff-ID", "missing or invalid"))
		return
	}
	if err := h.Staffing.Claim(r.Context(), shiftID, staffID); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/shedshare/toolsd/internal/service"
)

type StaffHandler struct {
	lockers service.LockerService
	loans   service.LoanService
}

func NewStaffHandler(lockers service.LockerService, loans service.LoanService) *StaffHandler {
	return &StaffHandler{lockers: lockers, loans: loans}
}

type openLockerRequest struct {
	Reason string `json:"reason" binding:"required"`
}

func (h *StaffHandler) OpenLocker(c *gin.Context) {
	var req openLockerRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	rec, err := h.lockers.StaffOpen(c.Request.Context(), service.StaffOpenInput{
		LockerID: c.Param("id"),
		StaffID:  staffID(c),
		Reason:   req.Reason,
	})
	if err != nil {
		abort(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"open_id": rec.ID, "vendor_command_id": rec.VendorCommandID.String})
}

// SubmitInspection passes the inspection result to the loan's workflow,
// which records it.
func (h *StaffHandler) SubmitInspection(c *gin.Context) {
	var in service.InspectionInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	in.Inspector = staffID(c)
	if err := h.loans.SubmitInspection(c.Request.Context(), c.Param("id"), in); err != nil {
		abort(c, err)
		return
	}
	c.Status(http.StatusAccepted)
}

package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/service"
)

type LoanHandler struct {
	loans   service.LoanService
	repairs service.RepairService
	newUUID ids.UUIDGenerator
}

func NewLoanHandler(loans service.LoanService, repairs service.RepairService, newUUID ids.UUIDGenerator) *LoanHandler {
	return &LoanHandler{loans: loans, repairs: repairs, newUUID: newUUID}
}

func (h *LoanHandler) Get(c *gin.Context) {
	loan, err := h.loans.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		abort(c, err)
		return
	}
	if loan.MemberID != memberID(c) {
		abort(c, domain.ErrForbidden)
		return
	}
	c.JSON(http.StatusOK, loan)
}

type extendRequest struct {
	Days int `json:"days" binding:"required,min=1"`
}

func (h *LoanHandler) Extend(c *gin.Context) {
	var req extendRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	loan, err := h.loans.Extend(c.Request.Context(), memberID(c), c.Param("id"), req.Days)
	if err != nil {
		abort(c, err)
		return
	}
	c.JSON(http.StatusOK, loan)
}

type damageReportRequest struct {
	Severity    string `json:"severity" binding:"required"`
	Description string `json:"description" binding:"required"`
}

// ReportDamage lets a member report that a borrowed tool broke. Damage
// report IDs are UUIDs because repair partners echo them back as their
// reference.
func (h *LoanHandler) ReportDamage(c *gin.Context) {
	var req damageReportRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	report, err := h.repairs.FileDamageReport(c.Request.Context(), service.DamageReportInput{
		ReportID:    h.newUUID(),
		LoanID:      c.Param("id"),
		MemberID:    memberID(c),
		ReportedBy:  "member",
		Severity:    req.Severity,
		Description: req.Description,
	})
	if err != nil {
		abort(c, err)
		return
	}
	c.JSON(http.StatusCreated, report)
}

// RequestReturn asks the loan's workflow to open the locker.
func (h *LoanHandler) RequestReturn(c *gin.Context) {
	if err := h.loans.RequestReturn(c.Request.Context(), memberID(c), c.Param("id")); err != nil {
		abort(c, err)
		return
	}
	c.Status(http.StatusAccepted)
}

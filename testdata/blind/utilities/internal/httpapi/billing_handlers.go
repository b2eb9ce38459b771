package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gridwell/utilities/internal/service"
)

type adjustmentRequest struct {
	Ref         string `json:"adjustment_ref" binding:"required,max=64"`
	AmountCents int64  `json:"amount_cents" binding:"required"`
	Reason      string `json:"reason" binding:"required"`
}

// POST /v1/bills/:bill_id/adjustments
func (s *Server) adjustBill(c *gin.Context) {
	var req adjustmentRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	adj, err := s.billing.AdjustBill(c.Request.Context(), service.AdjustCommand{
		BillID:      c.Param("bill_id"),
		Ref:         req.Ref,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, adj)
}

type creditRequest struct {
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Reason      string `json:"reason" binding:"required"`
}

// POST /v1/accounts/:account_id/credits
func (s *Server) grantCredit(c *gin.Context) {
	var req creditRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	credit, err := s.billing.GrantCredit(c.Request.Context(), service.CreditCommand{
		AccountID:   c.Param("account_id"),
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		Agent:       c.GetString(ctxPrincipal),
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, credit)
}

type billingRunRequest struct {
	PeriodStart string `json:"period_start" binding:"required"`
	PeriodEnd   string `json:"period_end" binding:"required"`
}

// POST /v1/admin/billing-runs
func (s *Server) startBillingRun(c *gin.Context) {
	var req billingRunRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	from, err := time.Parse("2006-01-02", req.PeriodStart)
	if err != nil {
		badRequest(c, err)
		return
	}
	to, err := time.Parse("2006-01-02", req.PeriodEnd)
	if err != nil {
		badRequest(c, err)
		return
	}
	run, err := s.billing.StartBillingRun(c.Request.Context(), from, to, c.GetString(ctxPrincipal))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, run)
}

package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gridwell/utilities/internal/service"
)

type mandateRequest struct {
	DebtorName string    `json:"debtor_name" binding:"required"`
	IBAN       string    `json:"iban" binding:"required"`
	SignedAt   time.Time `json:"signed_at" binding:"required"`
}

// POST /v1/accounts/:account_id/mandates
func (s *Server) createMandate(c *gin.Context) {
	var req mandateRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	m, err := s.dd.CreateMandate(c.Request.Context(), service.MandateCommand{
		AccountID:  c.Param("account_id"),
		DebtorName: req.DebtorName,
		IBAN:       req.IBAN,
		SignedAt:   req.SignedAt,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, m)
}

type collectRequest struct {
	BillID string `json:"bill_id" binding:"required"`
}

// POST /v1/accounts/:account_id/direct-debit/collections
func (s *Server) collectNow(c *gin.Context) {
	var req collectRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header is required"})
		return
	}
	col, err := s.dd.CollectNow(c.Request.Context(), service.CollectCommand{
		AccountID:      c.Param("account_id"),
		BillID:         req.BillID,
		IdempotencyKey: key,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, col)
}

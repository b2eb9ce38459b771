package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/gridwell/utilities/internal/service"
)

type cardPaymentRequest struct {
	BillID        string `json:"bill_id" binding:"required"`
	AmountCents   int64  `json:"amount_cents" binding:"required,gt=0"`
	PaymentMethod string `json:"payment_method" binding:"required"`
}

// POST /v1/accounts/:account_id/payments/card
func (s *Server) payBillByCard(c *gin.Context) {
	var req cardPaymentRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header is required"})
		return
	}
	p, err := s.payments.PayBill(c.Request.Context(), service.CardPaymentCommand{
		AccountID:      c.Param("account_id"),
		BillID:         req.BillID,
		AmountCents:    req.AmountCents,
		PaymentMethod:  req.PaymentMethod,
		IdempotencyKey: key,
		RequestID:      requestID(c),
	})
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusCreated
	if p.Status == "pending" {
		status = http.StatusAccepted
	}
	c.JSON(status, p)
}

type topupRequest struct {
	AmountCents   int64  `json:"amount_cents" binding:"required,gt=0,lte=50000"`
	PaymentMethod string `json:"payment_method" binding:"required"`
}

// POST /v1/meters/:meter_id/topups
func (s *Server) topUpMeter(c *gin.Context) {
	var req topupRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	t, err := s.payments.TopUp(c.Request.Context(), service.TopupCommand{
		MeterID:       c.Param("meter_id"),
		AmountCents:   req.AmountCents,
		PaymentMethod: req.PaymentMethod,
		RequestID:     requestID(c),
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, t)
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Reason      string `json:"reason" binding:"required"`
}

// POST /v1/payments/:payment_id/refunds
func (s *Server) refundPayment(c *gin.Context) {
	var req refundRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	rf, err := s.payments.Refund(c.Request.Context(), service.RefundCommand{
		PaymentID:   c.Param("payment_id"),
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		RequestID:   requestID(c),
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, rf)
}

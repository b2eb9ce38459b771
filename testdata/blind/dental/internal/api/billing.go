package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/brightsmile-dental/practiceops/internal/billing"
)

// BillingHandler serves statement payments (patient portal) and balance
// adjustments (front desk).
type BillingHandler struct {
	svc billing.Service
}

// NewBillingHandler returns the handler.
func NewBillingHandler(svc billing.Service) *BillingHandler {
	return &BillingHandler{svc: svc}
}

type payRequest struct {
	AmountCents     int64  `json:"amount_cents" binding:"required,gt=0"`
	PaymentMethodID string `json:"payment_method_id"`
}

// PayStatement handles POST /v1/statements/:id/payments.
func (h *BillingHandler) PayStatement(c *gin.Context) {
	var req payRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.svc.PayStatement(c.Request.Context(), billing.PayStatementInput{
		StatementID:     c.Param("id"),
		AmountCents:     req.AmountCents,
		PaymentMethodID: req.PaymentMethodID,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"payment_id":        out.PaymentID,
		"payment_intent_id": out.PaymentIntentID,
		"balance_cents":     out.BalanceCents,
	})
}

type adjustmentRequest struct {
	AmountCents int64  `json:"amount_cents" binding:"required"`
	Reason      string `json:"reason" binding:"required"`
	Note        string `json:"note"`
	StaffID     string `json:"staff_id" binding:"required"`
}

// PostAdjustment handles POST /v1/accounts/:patientID/adjustments.
func (h *BillingHandler) PostAdjustment(c *gin.Context) {
	patientID, err := uuid.Parse(c.Param("patientID"))
	if err != nil {
		badRequest(c, err)
		return
	}
	var req adjustmentRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.svc.PostAdjustment(c.Request.Context(), billing.PostAdjustmentInput{
		PatientID:   patientID,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		Note:        req.Note,
		CreatedBy:   req.StaffID,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"adjustment_id": out.AdjustmentID, "balance_cents": out.BalanceCents})
}

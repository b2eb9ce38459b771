package handlers

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/keystonebail/bondline/internal/platform/httpx"
	"github.com/keystonebail/bondline/internal/premiums"
)

// PremiumService is what the premium handlers need.
type PremiumService interface {
	PayPremium(ctx context.Context, in premiums.PayInput) (*premiums.Payment, error)
	CreatePlan(ctx context.Context, in premiums.PlanInput) (*premiums.Plan, error)
}

// Premiums serves premium payments and plans.
type Premiums struct {
	Svc PremiumService
}

type payRequest struct {
	PaymentMethodID string `json:"payment_method_id" binding:"required"`
	InstallmentNo   int    `json:"installment_no" binding:"gte=0"`
	ReceiptEmail    string `json:"receipt_email" binding:"omitempty,email"`
}

// Pay handles POST /v1/applications/:id/premium-payments. The portal
// collects the card with Stripe Elements and posts the PaymentMethod id.
func (h Premiums) Pay(c *gin.Context) {
	appID, ok := httpx.ParseUUIDParam(c, "id")
	if !ok {
		return
	}
	var req payRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	p, err := h.Svc.PayPremium(c.Request.Context(), premiums.PayInput{
		ApplicationID:   appID,
		InstallmentNo:   req.InstallmentNo,
		PaymentMethodID: req.PaymentMethodID,
		ReceiptEmail:    req.ReceiptEmail,
	})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, p)
}

type planRequest struct {
	StripeCustomerID      string `json:"stripe_customer_id" binding:"required"`
	StripePaymentMethodID string `json:"stripe_payment_method_id" binding:"required"`
	FinancedCents         int64  `json:"financed_cents" binding:"required,gt=0"`
	Installments          int    `json:"installments" binding:"required"`
	FirstDueOn            string `json:"first_due_on" binding:"required"`
}

// CreatePlan handles POST /v1/applications/:id/payment-plans from the back
// office. The route sits behind the Idempotency-Key replay middleware.
func (h Premiums) CreatePlan(c *gin.Context) {
	appID, ok := httpx.ParseUUIDParam(c, "id")
	if !ok {
		return
	}
	var req planRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	first, err := time.Parse("2006-01-02", req.FirstDueOn)
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	plan, err := h.Svc.CreatePlan(c.Request.Context(), premiums.PlanInput{
		ApplicationID:         appID,
		StripeCustomerID:      req.StripeCustomerID,
		StripePaymentMethodID: req.StripePaymentMethodID,
		FinancedCents:         req.FinancedCents,
		Installments:          req.Installments,
		FirstDueOn:            first,
	})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, plan)
}

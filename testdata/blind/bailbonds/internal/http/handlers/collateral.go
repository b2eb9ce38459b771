package handlers

import (
	"context"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/keystonebail/bondline/internal/collateral"
	"github.com/keystonebail/bondline/internal/platform/httpx"
)

// CollateralService is what the collateral handlers need.
type CollateralService interface {
	RecordDeposit(ctx context.Context, in collateral.DepositInput) (*collateral.Deposit, error)
	ChargeCardDeposit(ctx context.Context, in collateral.CardDepositInput) (*collateral.Deposit, error)
	CloseBond(ctx context.Context, bondID uuid.UUID, reason string) (*collateral.CloseResult, error)
}

// Collateral serves /v1/bonds/:id/collateral and bond closing.
type Collateral struct {
	Svc CollateralService
}

type depositRequest struct {
	Kind        string `json:"kind" binding:"required,oneof=cash wire"`
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Reference   string `json:"reference"`
}

// RecordDeposit handles POST /v1/bonds/:id/collateral from the back-office
// app when an agent takes cash or confirms a wire.
func (h Collateral) RecordDeposit(c *gin.Context) {
	bondID, ok := httpx.ParseUUIDParam(c, "id")
	if !ok {
		return
	}
	var req depositRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	dep, err := h.Svc.RecordDeposit(c.Request.Context(), collateral.DepositInput{
		ID:          uuid.New(),
		BondID:      bondID,
		Kind:        req.Kind,
		AmountCents: req.AmountCents,
		Reference:   req.Reference,
		ReceivedBy:  httpx.AgentID(c),
	})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Location", "/v1/collateral/"+dep.ID.String())
	c.JSON(http.StatusCreated, dep)
}

type cardDepositRequest struct {
	PaymentMethodID string `json:"payment_method_id" binding:"required"`
	AmountCents     int64  `json:"amount_cents" binding:"required,gt=0"`
	ReceiptEmail    string `json:"receipt_email" binding:"omitempty,email"`
}

// ChargeCard handles POST /v1/bonds/:id/collateral/card from the portal.
// The portal must send an Idempotency-Key it keeps for the whole checkout.
func (h Collateral) ChargeCard(c *gin.Context) {
	bondID, ok := httpx.ParseUUIDParam(c, "id")
	if !ok {
		return
	}
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		httpx.BadRequest(c, errors.New("Idempotency-Key header is required"))
		return
	}
	var req cardDepositRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	dep, err := h.Svc.ChargeCardDeposit(c.Request.Context(), collateral.CardDepositInput{
		BondID:          bondID,
		AmountCents:     req.AmountCents,
		PaymentMethodID: req.PaymentMethodID,
		ReceiptEmail:    req.ReceiptEmail,
		RequestKey:      key,
	})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, dep)
}

type closeRequest struct {
	Reason string `json:"reason" binding:"required,oneof=exonerated surrendered dismissed"`
}

// CloseBond handles POST /v1/bonds/:id/close when a case ends.
func (h Collateral) CloseBond(c *gin.Context) {
	bondID, ok := httpx.ParseUUIDParam(c, "id")
	if !ok {
		return
	}
	var req closeRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	res, err := h.Svc.CloseBond(c.Request.Context(), bondID, req.Reason)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

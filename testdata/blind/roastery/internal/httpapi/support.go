package httpapi

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/ridgeline-coffee/roastery/internal/loyalty"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/refunds"
)

type loyaltyHandlers struct {
	svc loyalty.Service
}

// balance handles GET /v1/loyalty/:customer_id.
func (h loyaltyHandlers) balance(c echo.Context) error {
	id, err := uuid.Parse(c.Param("customer_id"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "customer_id must be a UUID")
	}
	acct, err := h.svc.Balance(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, acct)
}

// redeem handles POST /v1/loyalty/redemptions.
func (h loyaltyHandlers) redeem(c echo.Context) error {
	req, err := bind[loyalty.RedeemRequest](c)
	if err != nil {
		return err
	}
	req.IdempotencyKey = idempotencyKey(c)
	red, err := h.svc.Redeem(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, red)
}

type refundHandlers struct {
	svc refunds.Service
}

// damagedBag handles POST /v1/refunds/damaged-bag from the support console.
func (h refundHandlers) damagedBag(c echo.Context) error {
	req, err := bind[refunds.DamagedBagRequest](c)
	if err != nil {
		return err
	}
	req.IdempotencyKey = idempotencyKey(c)
	refund, err := h.svc.RequestDamagedBag(c.Request().Context(), req)
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if refund.Status == models.RefundPendingApproval {
		status = http.StatusAccepted
	}
	return c.JSON(status, refund)
}

type approveBody struct {
	Approver string `json:"approver"`
}

// approve handles POST /v1/refunds/:id/approve.
func (h refundHandlers) approve(c echo.Context) error {
	body, err := bind[approveBody](c)
	if err != nil {
		return err
	}
	if body.Approver == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "approver is required")
	}
	refund, err := h.svc.Approve(c.Request().Context(), c.Param("id"), body.Approver)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, refund)
}

package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/hearthkit/commissary/internal/service"
)

// DepositHandler serves deposit and damage-claim routes.
type DepositHandler struct {
	svc service.DepositService
}

// NewDepositHandler builds the handler.
func NewDepositHandler(svc service.DepositService) *DepositHandler {
	return &DepositHandler{svc: svc}
}

type damageClaimRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Description string `json:"description"`
}

// FileDamageClaim lets a host claim against the renter's deposit.
func (h *DepositHandler) FileDamageClaim(c echo.Context) error {
	if err := requireRole(c, "host"); err != nil {
		return err
	}
	var req damageClaimRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	claim, err := h.svc.FileDamageClaim(c.Request().Context(), service.DamageClaimInput{
		IdempotencyKey: idempotencyKey(c),
		BookingID:      c.Param("id"),
		HostID:         principal(c).ID,
		AmountCents:    req.AmountCents,
		Description:    req.Description,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, claim)
}

type releaseRequest struct {
	Reason string `json:"reason"`
}

// Release waives claims and drops the hold early.
func (h *DepositHandler) Release(c echo.Context) error {
	if err := requireRole(c, "host", "ops"); err != nil {
		return err
	}
	var req releaseRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	dep, err := h.svc.RequestRelease(c.Request().Context(), c.Param("id"), req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, dep)
}

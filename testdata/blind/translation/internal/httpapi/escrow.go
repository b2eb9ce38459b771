package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/service"
)

// EscrowHandler serves the money endpoints of a job.
type EscrowHandler struct {
	Escrow service.EscrowService
}

// Approve accepts the delivery and captures the escrow.
func (h *EscrowHandler) Approve(c echo.Context) error {
	if err := h.Escrow.Approve(c.Request().Context(), principal(c).ID, c.Param("id")); err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "approved"})
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// Cancel cancels a job and refunds what the policy allows.
func (h *EscrowHandler) Cancel(c echo.Context) error {
	var in cancelRequest
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	refund, err := h.Escrow.Cancel(c.Request().Context(), principal(c).ID, c.Param("id"), in.Reason)
	if err != nil {
		return toHTTP(err)
	}
	out := map[string]any{"status": "cancelled"}
	if refund != nil {
		out["refund"] = refund
	}
	return c.JSON(http.StatusOK, out)
}

type tipRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// Tip charges the client an extra amount for the translator.
func (h *EscrowHandler) Tip(c echo.Context) error {
	var in tipRequest
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	tip, err := h.Escrow.Tip(c.Request().Context(), principal(c).ID, c.Param("id"), in.AmountCents)
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusCreated, tip)
}

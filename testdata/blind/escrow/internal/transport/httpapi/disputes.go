package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/acme/escrow/internal/dispute"
)

type openDisputeRequest struct {
	Reason string `json:"reason"`
}

func (h *Handlers) openDispute(c echo.Context) error {
	var req openDisputeRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	d, err := h.disputes.Open(c.Request().Context(), dispute.OpenInput{
		EscrowID:       c.Param("id"),
		OpenedBy:       subject(c),
		Reason:         req.Reason,
		IdempotencyKey: idempotencyKey(c),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, d)
}

type resolveDisputeRequest struct {
	RefundCents int64  `json:"refund_cents"`
	Resolution  string `json:"resolution"`
}

func (h *Handlers) resolveDispute(c echo.Context) error {
	var req resolveDisputeRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	d, err := h.disputes.Resolve(c.Request().Context(), dispute.ResolveInput{
		DisputeID:   c.Param("id"),
		RefundCents: req.RefundCents,
		Resolution:  req.Resolution,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, d)
}

package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/velvetchair/salon/internal/core/services"
)

type PayoutHandler struct {
	payouts *services.PayoutService
}

func NewPayoutHandler(p *services.PayoutService) *PayoutHandler { return &PayoutHandler{payouts: p} }

func (h *PayoutHandler) Register(e *echo.Echo) {
	g := e.Group("/v1/stylists/:stylistID")
	g.GET("/balance", h.balance)
	g.POST("/payouts/instant", h.instant)
}

func (h *PayoutHandler) balance(c echo.Context) error {
	id, err := pathUUID(c, "stylistID")
	if err != nil {
		return err
	}
	b, err := h.payouts.Balance(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, b)
}

func (h *PayoutHandler) instant(c echo.Context) error {
	id, err := pathUUID(c, "stylistID")
	if err != nil {
		return err
	}
	p, err := h.payouts.InstantPayout(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, p)
}

package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/velvetchair/salon/internal/core/services"
)

type LoyaltyHandler struct {
	loyalty *services.LoyaltyService
}

func NewLoyaltyHandler(l *services.LoyaltyService) *LoyaltyHandler {
	return &LoyaltyHandler{loyalty: l}
}

func (h *LoyaltyHandler) Register(e *echo.Echo) {
	g := e.Group("/v1/clients/:clientID/loyalty")
	g.GET("", h.account)
	g.POST("/redeem", h.redeem, RequireIdempotencyKey)
}

func (h *LoyaltyHandler) account(c echo.Context) error {
	id, err := pathUUID(c, "clientID")
	if err != nil {
		return err
	}
	acct, err := h.loyalty.Account(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, acct)
}

type redeemPointsBody struct {
	Points int64 `json:"points"`
}

func (h *LoyaltyHandler) redeem(c echo.Context) error {
	id, err := pathUUID(c, "clientID")
	if err != nil {
		return err
	}
	body, err := bind[redeemPointsBody](c)
	if err != nil {
		return err
	}
	res, err := h.loyalty.RedeemPoints(c.Request().Context(), idempotencyKey(c), id, body.Points)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/lumen-gift/giftcards/internal/service"
)

type merchantHandler struct {
	merchants service.Merchants
}

func (h *merchantHandler) register(c echo.Context) error {
	var req service.RegisterMerchantRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	m, err := h.merchants.Register(c.Request().Context(), req)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if m.Created {
		status = http.StatusCreated
	}
	return c.JSON(status, m)
}

func (h *merchantHandler) addTerminal(c echo.Context) error {
	var req service.AddTerminalRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	creds, err := h.merchants.AddTerminal(c.Request().Context(), c.Param("id"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, creds)
}

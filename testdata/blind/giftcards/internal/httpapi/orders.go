package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/lumen-gift/giftcards/internal/service"
)

type orderHandler struct {
	orders service.CorporateOrders
}

// create handles POST /v1/corporate/orders. Idempotency-Key is mandatory:
// procurement systems resubmit on timeouts.
func (h *orderHandler) create(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header required")
	}
	var req service.CreateOrderRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	res, err := h.orders.Create(c.Request().Context(), key, req)
	if err != nil {
		return err
	}
	if res.Replayed {
		c.Response().Header().Set("Idempotent-Replayed", "true")
	}
	return c.JSON(http.StatusCreated, res.Order)
}

func (h *orderHandler) get(c echo.Context) error {
	o, err := h.orders.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, o)
}

// pay handles POST /v1/corporate/orders/:id/pay.
func (h *orderHandler) pay(c echo.Context) error {
	var req service.PayOrderRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	o, err := h.orders.Pay(c.Request().Context(), c.Param("id"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, o)
}

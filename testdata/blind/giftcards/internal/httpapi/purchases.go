package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/lumen-gift/giftcards/internal/service"
)

type purchaseHandler struct {
	purchases service.Purchases
}

// create handles POST /v1/purchases from the storefront checkout.
func (h *purchaseHandler) create(c echo.Context) error {
	var req service.PurchaseRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	res, err := h.purchases.Purchase(c.Request().Context(), req)
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if res.NextAction {
		status = http.StatusAccepted
	}
	return c.JSON(status, res)
}

func (h *purchaseHandler) cancel(c echo.Context) error {
	p, err := h.purchases.Cancel(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

type refundRequest struct {
	Reason string `json:"reason"`
}

func (h *purchaseHandler) refund(c echo.Context) error {
	var req refundRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	r, err := h.purchases.Refund(c.Request().Context(), c.Param("id"), req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

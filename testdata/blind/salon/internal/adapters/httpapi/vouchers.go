package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/velvetchair/salon/internal/core/services"
)

type VoucherHandler struct {
	vouchers *services.VoucherService
}

func NewVoucherHandler(v *services.VoucherService) *VoucherHandler {
	return &VoucherHandler{vouchers: v}
}

func (h *VoucherHandler) Register(e *echo.Echo) {
	g := e.Group("/v1/vouchers")
	g.POST("", h.purchase)
	g.POST("/:code/redeem", h.redeem, RequireIdempotencyKey)
}

func (h *VoucherHandler) purchase(c echo.Context) error {
	req, err := bind[services.PurchaseRequest](c)
	if err != nil {
		return err
	}
	v, err := h.vouchers.Purchase(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, v)
}

func (h *VoucherHandler) redeem(c echo.Context) error {
	req, err := bind[services.RedeemRequest](c)
	if err != nil {
		return err
	}
	res, err := h.vouchers.Redeem(c.Request().Context(), idempotencyKey(c), c.Param("code"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

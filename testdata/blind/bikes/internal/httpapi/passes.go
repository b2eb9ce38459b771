package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/cyclegrid/bikeshare/internal/service"
)

type PassHandler struct {
	passes service.PassService
}

func NewPassHandler(passes service.PassService) *PassHandler {
	return &PassHandler{passes: passes}
}

type purchaseRequest struct {
	PlanCode  string `json:"plan_code"`
	AutoRenew bool   `json:"auto_renew"`
}

// Purchase handles POST /v1/passes.
func (h *PassHandler) Purchase(c echo.Context) error {
	var req purchaseRequest
	if err := c.Bind(&req); err != nil || req.PlanCode == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "plan_code is required")
	}
	pass, err := h.passes.Purchase(c.Request().Context(), service.PurchaseInput{
		RiderID:        riderID(c),
		PlanCode:       req.PlanCode,
		AutoRenew:      req.AutoRenew,
		IdempotencyKey: idempotencyKey(c),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, pass)
}

// Cancel handles POST /v1/passes/:id/cancel.
func (h *PassHandler) Cancel(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	res, err := h.passes.Cancel(c.Request().Context(), riderID(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

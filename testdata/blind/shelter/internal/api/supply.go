package api

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/supply"
)

type SupplyService interface {
	CreateOrder(ctx context.Context, in supply.CreateOrderInput) (domain.SupplyOrder, bool, error)
	Submit(ctx context.Context, orderID string) (domain.SupplyOrder, error)
	HandleDelivery(ctx context.Context, n supply.DeliveryNotice) error
}

type SupplyHandlers struct{ svc SupplyService }

func NewSupplyHandlers(svc *supply.Service) *SupplyHandlers { return &SupplyHandlers{svc: svc} }

type createOrderRequest struct {
	SiteID string             `json:"site_id"`
	Lines  []supply.LineInput `json:"lines"`
}

// Create drafts an order. The clinic tablet app always sends an
// Idempotency-Key and retries on timeouts.
func (h *SupplyHandlers) Create(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	req, err := bind[createOrderRequest](c)
	if err != nil {
		return err
	}
	o, created, err := h.svc.CreateOrder(c.Request().Context(), supply.CreateOrderInput{
		RequestKey: key, SiteID: req.SiteID, CreatedBy: staff(c), Lines: req.Lines,
	})
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	return c.JSON(status, o)
}

func (h *SupplyHandlers) Submit(c echo.Context) error {
	o, err := h.svc.Submit(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, o)
}

package httpapi

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/tugs"
)

type TugOrders interface {
	Order(ctx context.Context, jobID string, req tugs.OrderRequest) (db.TugOrder, error)
}

// TugHandlers serve the dispatcher console's tug ordering screen.
type TugHandlers struct {
	orders TugOrders
}

func NewTugHandlers(o TugOrders) *TugHandlers {
	return &TugHandlers{orders: o}
}

func (h *TugHandlers) Routes() []Route {
	return []Route{
		{http.MethodPost, "/v1/pilotage-jobs/:id/tug-orders", h.order},
	}
}

type tugOrderBody struct {
	Tugs         int32 `json:"tugs"`
	BollardPullT int32 `json:"bollard_pull_t"`
}

func (h *TugHandlers) order(c echo.Context) error {
	var body tugOrderBody
	if err := c.Bind(&body); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	order, err := h.orders.Order(c.Request().Context(), c.Param("id"), tugs.OrderRequest{
		Tugs:         body.Tugs,
		BollardPullT: body.BollardPullT,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, order)
}

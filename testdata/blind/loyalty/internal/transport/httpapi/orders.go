package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tidewater/loyalty/internal/provider/partnerapi"
	"github.com/tidewater/loyalty/internal/service/catalogue"
)

type OrderHandler struct {
	svc CatalogueService
}

func NewOrderHandler(svc CatalogueService) *OrderHandler {
	return &OrderHandler{svc: svc}
}

type placeOrderRequest struct {
	SKU      string             `json:"sku"`
	Quantity int                `json:"quantity"`
	ShipTo   partnerapi.Address `json:"ship_to"`
}

// PlaceOrder handles POST /v1/members/:memberID/catalogue-orders.
func (h *OrderHandler) PlaceOrder(c echo.Context) error {
	memberID, err := memberIDParam(c)
	if err != nil {
		return err
	}
	req, err := bind[placeOrderRequest](c)
	if err != nil {
		return err
	}
	order, err := h.svc.PlaceOrder(c.Request().Context(), catalogue.OrderInput{
		MemberID: memberID,
		SKU:      req.SKU,
		Quantity: req.Quantity,
		ShipTo:   req.ShipTo,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"order_id":         order.ID,
		"partner_order_id": order.PartnerOrderID.String,
		"points":           order.Points,
		"status":           order.Status,
	})
}

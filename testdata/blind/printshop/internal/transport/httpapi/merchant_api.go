package httpapi

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/service"
)

// Merchant REST API, used by merchants' own back offices and our SDKs. The
// SDKs retry on network errors and 5xx with the same request body.
type merchantAPI struct {
	orders        service.OrderService
	topups        service.TopupService
	notifications service.NotificationService
	log           *zap.Logger
}

func (h *merchantAPI) mount(g *echo.Group) {
	g.POST("/wallet/topups", h.createTopup)
	g.POST("/webhook-endpoints", h.createWebhookEndpoint)
	g.POST("/orders", h.createOrder)
}

type topupRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

func (h *merchantAPI) createTopup(c echo.Context) error {
	m := merchantFrom(c)
	var req topupRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	key := c.Request().Header.Get("Idempotency-Key")
	t, err := h.topups.CreateTopup(c.Request().Context(), m.ID, key, req.AmountCents)
	if err != nil {
		return err
	}
	code := http.StatusCreated
	if t.Status == model.TopupFailed {
		code = http.StatusPaymentRequired
	}
	return c.JSON(code, t)
}

type endpointRequest struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

type endpointResponse struct {
	ID     string `json:"id"`
	URL    string `json:"url"`
	Secret string `json:"secret"`
	Events string `json:"events"`
}

func (h *merchantAPI) createWebhookEndpoint(c echo.Context) error {
	m := merchantFrom(c)
	var req endpointRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	ep, err := h.notifications.RegisterEndpoint(c.Request().Context(), m.ID, strings.TrimSpace(req.URL), req.Events)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, endpointResponse{ID: ep.ID, URL: ep.URL, Secret: ep.Secret, Events: ep.EventTypes})
}

type manualOrderRequest struct {
	Currency string        `json:"currency"`
	Facility string        `json:"facility"`
	ShipTo   model.Address `json:"ship_to"`
	Items    []struct {
		SKU        string `json:"sku"`
		Quantity   int    `json:"quantity"`
		ArtworkURL string `json:"artwork_url"`
		UnitCents  int64  `json:"unit_cost_cents"`
	} `json:"items"`
}

func (h *merchantAPI) createOrder(c echo.Context) error {
	m := merchantFrom(c)
	var req manualOrderRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	in := service.ManualOrderInput{Currency: req.Currency, ShipTo: req.ShipTo, Facility: req.Facility}
	for _, it := range req.Items {
		in.Lines = append(in.Lines, service.ShopLineItem{SKU: it.SKU, Quantity: it.Quantity, ArtworkURL: it.ArtworkURL, UnitCents: it.UnitCents})
	}
	order, err := h.orders.CreateManualOrder(c.Request().Context(), m.ID, in)
	if err != nil {
		return err
	}
	h.log.Info("manual order created", zap.String("merchant_id", m.ID), zap.String("order_id", order.ID))
	return c.JSON(http.StatusCreated, map[string]any{
		"id":          order.ID,
		"status":      order.Status,
		"total_cents": order.TotalCents,
	})
}

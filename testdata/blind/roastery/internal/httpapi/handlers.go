package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/ridgeline-coffee/roastery/internal/greencoffee"
	"github.com/ridgeline-coffee/roastery/internal/shipping"
	"github.com/ridgeline-coffee/roastery/internal/subscriptions"
	"github.com/ridgeline-coffee/roastery/internal/wholesale"
)

type wholesaleHandlers struct {
	svc wholesale.Service
}

// placeOrder handles POST /v1/wholesale/orders.
func (h wholesaleHandlers) placeOrder(c echo.Context) error {
	req, err := bind[wholesale.PlaceOrderRequest](c)
	if err != nil {
		return err
	}
	req.IdempotencyKey = idempotencyKey(c)
	order, err := h.svc.PlaceOrder(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, order)
}

// getOrder handles GET /v1/wholesale/orders/:id.
func (h wholesaleHandlers) getOrder(c echo.Context) error {
	order, err := h.svc.GetOrder(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, order)
}

type subscriptionHandlers struct {
	svc subscriptions.Service
}

// subscribe handles POST /v1/subscriptions from the storefront checkout.
func (h subscriptionHandlers) subscribe(c echo.Context) error {
	req, err := bind[subscriptions.SubscribeRequest](c)
	if err != nil {
		return err
	}
	req.IdempotencyKey = idempotencyKey(c)
	sub, err := h.svc.Subscribe(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sub)
}

type greenHandlers struct {
	svc greencoffee.Service
}

// createContract handles POST /v1/green/contracts from the buying team's
// tool.
func (h greenHandlers) createContract(c echo.Context) error {
	req, err := bind[greencoffee.CreateContractRequest](c)
	if err != nil {
		return err
	}
	req.IdempotencyKey = idempotencyKey(c)
	contract, err := h.svc.CreateContract(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, contract)
}

type shippingHandlers struct {
	svc shipping.Service
}

// buyLabel handles POST /v1/shipments/:id/label from the packing station.
func (h shippingHandlers) buyLabel(c echo.Context) error {
	label, err := h.svc.BuyLabel(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, label)
}

// Package httpapi is the mobile app's REST API.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/freshpress/laundry/internal/billing"
	"github.com/freshpress/laundry/internal/dispatch"
	"github.com/freshpress/laundry/internal/loyalty"
	"github.com/freshpress/laundry/internal/orders"
	"github.com/freshpress/laundry/internal/pagination"
	"github.com/freshpress/laundry/internal/store"
)

type API struct {
	Orders   *orders.Service
	Billing  *billing.Service
	Dispatch *dispatch.Service
	Loyalty  *loyalty.Service
	Keys     store.IdempotencyStore
	Log      *slog.Logger
}

// Webhooks is implemented by the webhook receivers mounted under /webhooks.
type Webhooks interface {
	Register(g *echo.Group)
}

func NewEcho(api *API, hooks ...Webhooks) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(api.Log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("256K"))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })

	v1 := e.Group("/v1", customerAuth)
	v1.POST("/orders", api.createOrder)
	v1.GET("/orders", api.listOrders)
	v1.POST("/orders/:id/items", api.addItem)
	v1.POST("/orders/:id/preauth", api.preauthorize)
	v1.POST("/orders/:id/pickup", api.bookPickup)
	v1.POST("/orders/:id/express", api.upgradeExpress)
	v1.POST("/orders/:id/cancel", api.cancelOrder)
	v1.POST("/orders/:id/tip", api.tip)
	v1.POST("/loyalty/redeem", api.redeem, Idempotent("loyalty.redeem", api.Keys, api.Log))
	v1.POST("/loyalty/gifts", api.gift)

	wh := e.Group("/webhooks")
	for _, h := range hooks {
		h.Register(wh)
	}
	return e
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		code, msg := http.StatusInternalServerError, "internal error"
		var he *echo.HTTPError
		switch {
		case errors.As(err, &he):
			code = he.Code
			if m, ok := he.Message.(string); ok {
				msg = m
			} else {
				msg = http.StatusText(code)
			}
		case errors.Is(err, store.ErrNotFound):
			code, msg = http.StatusNotFound, "not found"
		case errors.Is(err, orders.ErrKeyReused):
			code, msg = http.StatusUnprocessableEntity, err.Error()
		case errors.Is(err, orders.ErrInvalidWindow), errors.Is(err, orders.ErrInvalidService),
			errors.Is(err, billing.ErrInvalidAmount), errors.Is(err, loyalty.ErrInvalidAmount),
			errors.Is(err, loyalty.ErrSelfGift), errors.Is(err, pagination.ErrBadCursor):
			code, msg = http.StatusBadRequest, err.Error()
		case errors.Is(err, orders.ErrNotEditable), errors.Is(err, billing.ErrOrderNotBillable),
			errors.Is(err, dispatch.ErrNotBookable), errors.Is(err, loyalty.ErrOrderClosed):
			code, msg = http.StatusConflict, err.Error()
		case errors.Is(err, billing.ErrNoCard):
			code, msg = http.StatusPaymentRequired, err.Error()
		default:
			log.Error("request failed", "path", c.Path(), "err", err)
		}
		_ = c.JSON(code, map[string]string{"error": msg})
	}
}

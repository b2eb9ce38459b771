// Package httpapi is the public HTTP surface: admin/corporate endpoints, the
// storefront API, the online POS terminal API and the Stripe webhook.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/service"
)

// Deps are the services the HTTP layer needs; cmd/api builds them.
type Deps struct {
	Orders       service.CorporateOrders
	Purchases    service.Purchases
	Cards        service.Cards
	Redemptions  service.Redemptions
	Loads        service.Loads
	Merchants    service.Merchants
	StripeEvents service.StripeEvents
	Idempotency  repo.Idempotency
	Ping         func(context.Context) error

	AdminToken    string
	StorefrontKey string
	StripeSecret  string
	Log           *slog.Logger
}

type route struct {
	method  string
	path    string
	handler echo.HandlerFunc
	mw      []echo.MiddlewareFunc
}

type routeGroup struct {
	prefix string
	mw     []echo.MiddlewareFunc
	routes []route
}

func New(d Deps) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler

	e.Use(
		requestID(),
		middleware.Recover(),
		accessLog(d.Log),
		middleware.BodyLimit("2M"),
		middleware.ContextTimeoutWithConfig(middleware.ContextTimeoutConfig{Timeout: 25 * time.Second}),
	)

	var (
		orders    = &orderHandler{orders: d.Orders}
		purchases = &purchaseHandler{purchases: d.Purchases}
		cards     = &cardHandler{cards: d.Cards}
		pos       = &posHandler{redemptions: d.Redemptions, loads: d.Loads}
		merchants = &merchantHandler{merchants: d.Merchants}
		hooks     = &stripeHandler{events: d.StripeEvents, secret: d.StripeSecret}
	)

	groups := []routeGroup{
		{
			prefix: "/v1/corporate",
			mw:     []echo.MiddlewareFunc{bearer(d.AdminToken)},
			routes: []route{
				{http.MethodPost, "/orders", orders.create, nil},
				{http.MethodGet, "/orders/:id", orders.get, nil},
				{http.MethodPost, "/orders/:id/pay", orders.pay, nil},
			},
		},
		{
			prefix: "/v1/merchants",
			mw:     []echo.MiddlewareFunc{bearer(d.AdminToken)},
			routes: []route{
				{http.MethodPost, "", merchants.register, nil},
				{http.MethodPost, "/:id/terminals", merchants.addTerminal, nil},
			},
		},
		{
			prefix: "/v1",
			mw:     []echo.MiddlewareFunc{bearer(d.StorefrontKey)},
			routes: []route{
				{http.MethodPost, "/purchases", purchases.create, nil},
				{http.MethodPost, "/purchases/:id/cancel", purchases.cancel, nil},
				{http.MethodPost, "/purchases/:id/refund", purchases.refund, nil},
				{http.MethodGet, "/cards/:id", cards.get, nil},
				{http.MethodPost, "/cards/:id/activate", cards.activate, nil},
				{http.MethodPost, "/cards/:id/resend", cards.resend, nil},
				{http.MethodPost, "/cards/:id/gift", cards.gift, nil},
				{http.MethodPost, "/cards/:id/deliveries/:delivery_id/retry", cards.retryDelivery, nil},
			},
		},
		{
			prefix: "/v1/pos",
			mw:     []echo.MiddlewareFunc{terminalAuth(d.Merchants)},
			routes: []route{
				{http.MethodPost, "/redemptions", pos.redeem, []echo.MiddlewareFunc{idempotent("pos_redemptions", d.Idempotency)}},
				{http.MethodPost, "/redemptions/:id/refund", pos.refundRedemption, nil},
				{http.MethodPost, "/loads", pos.load, nil},
			},
		},
	}
	for _, g := range groups {
		grp := e.Group(g.prefix, g.mw...)
		for _, r := range g.routes {
			grp.Add(r.method, r.path, r.handler, r.mw...)
		}
	}

	e.POST("/webhooks/stripe", hooks.receive)
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })
	e.GET("/readyz", func(c echo.Context) error {
		if err := d.Ping(c.Request().Context()); err != nil {
			return echo.NewHTTPError(http.StatusServiceUnavailable, "database unavailable")
		}
		return c.NoContent(http.StatusOK)
	})
	return e
}

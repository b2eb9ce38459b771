// Package httpapi is the public JSON API used by cafes, the subscription
// storefront and the support console.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.uber.org/dig"

	"github.com/ridgeline-coffee/roastery/internal/greencoffee"
	"github.com/ridgeline-coffee/roastery/internal/loyalty"
	"github.com/ridgeline-coffee/roastery/internal/refunds"
	"github.com/ridgeline-coffee/roastery/internal/shipping"
	"github.com/ridgeline-coffee/roastery/internal/subscriptions"
	"github.com/ridgeline-coffee/roastery/internal/wholesale"
)

// Services are the service interfaces the handlers call. dig fills them in,
// already wrapped by the decorators.
type Services struct {
	dig.In

	Wholesale     wholesale.Service
	Subscriptions subscriptions.Service
	Green         greencoffee.Service
	Shipping      shipping.Service
	Loyalty       loyalty.Service
	Refunds       refunds.Service
	Log           *slog.Logger
}

type route struct {
	method  string
	path    string
	handler echo.HandlerFunc
}

// New builds the echo server with every route registered.
func New(s Services) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = errorHandler(s.Log)
	e.Use(middleware.RequestID())
	e.Use(middleware.Recover())
	e.Use(requestLogger(s.Log))

	w := wholesaleHandlers{svc: s.Wholesale}
	sub := subscriptionHandlers{svc: s.Subscriptions}
	g := greenHandlers{svc: s.Green}
	sh := shippingHandlers{svc: s.Shipping}
	l := loyaltyHandlers{svc: s.Loyalty}
	r := refundHandlers{svc: s.Refunds}

	routes := []route{
		{http.MethodPost, "/v1/wholesale/orders", w.placeOrder},
		{http.MethodGet, "/v1/wholesale/orders/:id", w.getOrder},
		{http.MethodPost, "/v1/subscriptions", sub.subscribe},
		{http.MethodPost, "/v1/green/contracts", g.createContract},
		{http.MethodPost, "/v1/shipments/:id/label", sh.buyLabel},
		{http.MethodGet, "/v1/loyalty/:customer_id", l.balance},
		{http.MethodPost, "/v1/loyalty/redemptions", l.redeem},
		{http.MethodPost, "/v1/refunds/damaged-bag", r.damagedBag},
		{http.MethodPost, "/v1/refunds/:id/approve", r.approve},
	}
	for _, rt := range routes {
		e.Add(rt.method, rt.path, rt.handler)
	}
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	return e
}

// idempotencyKey returns the request's Idempotency-Key header.
func idempotencyKey(c echo.Context) string {
	return c.Request().Header.Get("Idempotency-Key")
}

// bind decodes the JSON body into v.
func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed JSON body")
	}
	return v, nil
}

func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogMethod:    true,
		LogURI:       true,
		LogStatus:    true,
		LogLatency:   true,
		LogRequestID: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			log.Info("http", "method", v.Method, "uri", v.URI, "status", v.Status,
				"latency_ms", v.Latency.Milliseconds(), "request_id", v.RequestID)
			return nil
		},
	})
}

// statusFor maps service errors to HTTP statuses.
var statusFor = []struct {
	err    error
	status int
}{
	{wholesale.ErrInvalid, http.StatusBadRequest},
	{wholesale.ErrUnknownCafe, http.StatusNotFound},
	{wholesale.ErrNotFound, http.StatusNotFound},
	{wholesale.ErrAccountOnHold, http.StatusForbidden},
	{wholesale.ErrCreditExceeded, http.StatusPaymentRequired},
	{wholesale.ErrInsufficientStock, http.StatusConflict},
	{subscriptions.ErrInvalid, http.StatusBadRequest},
	{subscriptions.ErrKeyRequired, http.StatusBadRequest},
	{subscriptions.ErrAlreadySubscribed, http.StatusConflict},
	{subscriptions.ErrPaymentDeclined, http.StatusPaymentRequired},
	{greencoffee.ErrInvalid, http.StatusBadRequest},
	{greencoffee.ErrKeyRequired, http.StatusBadRequest},
	{greencoffee.ErrUnknownContract, http.StatusNotFound},
	{shipping.ErrNotFound, http.StatusNotFound},
	{shipping.ErrNotShippable, http.StatusConflict},
	{loyalty.ErrInvalid, http.StatusBadRequest},
	{loyalty.ErrInsufficientPoints, http.StatusConflict},
	{loyalty.ErrNoAccount, http.StatusNotFound},
	{refunds.ErrInvalid, http.StatusBadRequest},
	{refunds.ErrNotFound, http.StatusNotFound},
	{refunds.ErrNotRefundable, http.StatusUnprocessableEntity},
	{refunds.ErrAlreadyRefunded, http.StatusConflict},
	{refunds.ErrNotPending, http.StatusConflict},
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		var he *echo.HTTPError
		if errors.As(err, &he) {
			_ = c.JSON(he.Code, map[string]any{"error": he.Message})
			return
		}
		for _, m := range statusFor {
			if errors.Is(err, m.err) {
				_ = c.JSON(m.status, map[string]string{"error": err.Error()})
				return
			}
		}
		log.Error("unhandled error", "path", c.Path(), "err", err)
		_ = c.JSON(http.StatusInternalServerError, map[string]string{"error": "internal error"})
	}
}

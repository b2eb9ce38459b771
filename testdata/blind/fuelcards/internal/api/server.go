// Package api is the fleet-facing HTTP API and the partner webhook
// receivers, served with echo.
package api

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.uber.org/fx"

	"github.com/ridgeline-fleet/fuelcards/internal/config"
	"github.com/ridgeline-fleet/fuelcards/internal/pipeline"
)

// route is one entry in the routing table.
type route struct {
	method  string
	path    string
	handler echo.HandlerFunc
	mw      []echo.MiddlewareFunc
}

// Handlers groups every handler set so the routing table is built in one
// place.
type Handlers struct {
	fx.In

	Cards    *CardHandlers
	Drivers  *DriverHandlers
	Webhooks *WebhookHandlers
	Fraud    *FraudHandlers
}

func routes(h Handlers, cfg config.Config) []route {
	networkSig := RequireSignature(cfg.NetworkWebhookSecret, "X-Network-Signature")
	smsToken := RequireToken(cfg.SMSCallbackAuth)
	operator := RequireOperator()

	return []route{
		{http.MethodPost, "/v1/cards", h.Cards.Issue, nil},
		{http.MethodPost, "/v1/cards/:id/activate", h.Cards.Activate, nil},
		{http.MethodPost, "/v1/cards/:id/replace", h.Cards.Replace, nil},
		{http.MethodPut, "/v1/cards/:id/limits", h.Cards.SetLimits, nil},

		{http.MethodPost, "/v1/fleets/:fleet_id/drivers", h.Drivers.Register, nil},
		{http.MethodGet, "/v1/fleets/:fleet_id/drivers", h.Drivers.List, nil},

		{http.MethodPost, "/v1/fraud/holds", h.Fraud.Place, []echo.MiddlewareFunc{operator}},
		{http.MethodPost, "/v1/fraud/holds/:id/release", h.Fraud.Release, []echo.MiddlewareFunc{operator}},

		{http.MethodPost, "/v1/webhooks/network/authorizations", h.Webhooks.Authorization, []echo.MiddlewareFunc{networkSig}},
		{http.MethodPost, "/v1/webhooks/network/card-events", h.Webhooks.CardEvent, []echo.MiddlewareFunc{networkSig}},
		{http.MethodPost, "/v1/webhooks/sms/receipts", h.Webhooks.SMSReceipt, []echo.MiddlewareFunc{smsToken}},
	}
}

// NewEcho builds the echo instance with the routing table registered.
func NewEcho(h Handlers, cfg config.Config, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.RequestID())
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit("2M"))
	e.Use(requestLog(log))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	for _, r := range routes(h, cfg) {
		e.Add(r.method, r.path, r.handler, r.mw...)
	}
	return e
}

// Start runs the server for the lifetime of the fx app.
func Start(lc fx.Lifecycle, e *echo.Echo, cfg config.Config, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", cfg.HTTPAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "error", err)
				}
			}()
			log.Info("http listening", "addr", cfg.HTTPAddr)
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
}

func requestLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			log.Info("request",
				"method", c.Request().Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID),
				"elapsed", time.Since(start))
			return err
		}
	}
}

// bindRun is the common handler shape: bind the body into C, let prepare
// fill in path parameters and headers, run the pipeline handler and write
// its result with status.
func bindRun[C any, R any](h pipeline.Handler[C, R], status int, prepare func(echo.Context, *C) error) echo.HandlerFunc {
	return func(c echo.Context) error {
		var cmd C
		if c.Request().ContentLength != 0 {
			if err := c.Bind(&cmd); err != nil {
				return err
			}
		}
		if prepare != nil {
			if err := prepare(c, &cmd); err != nil {
				return err
			}
		}
		res, err := h(c.Request().Context(), cmd)
		if err != nil {
			return err
		}
		return c.JSON(status, res)
	}
}

// decorate applies the standard handler decorators.
func decorate[C pipeline.Validator, R any](log *slog.Logger, name string, h pipeline.Handler[C, R]) pipeline.Handler[C, R] {
	return pipeline.Chain(h,
		pipeline.Logged[C, R](log, name, errQuiet...),
		pipeline.Validated[C, R](),
		pipeline.WithTimeout[C, R](20*time.Second),
	)
}

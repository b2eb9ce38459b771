// Package httpapi is the Echo HTTP API used by the firm's back-office UI and
// by provider webhooks.
package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/config"
)

// RouteRegistrar is implemented by each handler group.
type RouteRegistrar interface {
	Register(api *echo.Group, hooks *echo.Group)
}

// ServerParams collects the handler groups provided under group:"routes".
type ServerParams struct {
	fx.In

	Lifecycle  fx.Lifecycle
	Config     config.Config
	Log        *zap.Logger
	Registrars []RouteRegistrar `group:"routes"`
}

// NewServer builds the Echo instance, mounts every registrar and binds the
// listener to the fx lifecycle.
func NewServer(p ServerParams) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(p.Log)
	e.Use(middleware.RequestID())
	e.Use(middleware.Recover())
	e.Use(accessLog(p.Log))
	e.Use(middleware.BodyLimit("1M"))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	api := e.Group("/v1", requireActor)
	hooks := e.Group("/v1/webhooks")
	for _, r := range p.Registrars {
		r.Register(api, hooks)
	}

	srv := &http.Server{
		Addr:              p.Config.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				p.Log.Info("http listening", zap.String("addr", srv.Addr))
				if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
					p.Log.Error("http server stopped", zap.Error(err))
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
	return e
}

// Module wires the HTTP server and every handler group.
var Module = fx.Module("httpapi",
	fx.Provide(
		asRoutes(NewSettlementHandler),
		asRoutes(NewPayoutHandler),
		asRoutes(NewLedgerHandler),
		asRoutes(NewNoticeHandler),
		asRoutes(NewWebhookHandler),
		NewServer,
	),
	fx.Invoke(func(*echo.Echo) {}),
)

func asRoutes(f any) any {
	return fx.Annotate(f, fx.As(new(RouteRegistrar)), fx.ResultTags(`group:"routes"`))
}

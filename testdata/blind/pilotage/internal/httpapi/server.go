// Package httpapi is the HTTP front of the pilotage service: the agents'
// API, the dispatcher console's API, the pilot app's API and the bank
// webhook.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.uber.org/fx"

	"github.com/harbourline-systems/pilotage/internal/config"
)

// Route is one entry in a handler group's route table.
type Route struct {
	Method  string
	Path    string
	Handler echo.HandlerFunc
}

// RouteGroup is implemented by every handler group.
type RouteGroup interface {
	Routes() []Route
}

func NewEcho(log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("1M"))
	e.Use(middleware.ContextTimeout(30 * time.Second))
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	return e
}

// RegisterParams collects every handler group provided into the fx group.
type RegisterParams struct {
	fx.In

	Echo   *echo.Echo
	Groups []RouteGroup `group:"routes"`
}

func Register(p RegisterParams) {
	for _, g := range p.Groups {
		for _, r := range g.Routes() {
			p.Echo.Add(r.Method, r.Path, r.Handler)
		}
	}
}

// Serve starts and stops the HTTP server with the fx app.
func Serve(lc fx.Lifecycle, e *echo.Echo, cfg config.Config, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			log.Info("http server listening", "addr", cfg.HTTPAddr)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return e.Shutdown(ctx)
		},
	})
}

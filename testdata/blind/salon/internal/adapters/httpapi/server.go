// Package httpapi exposes the salon API and provider webhooks over echo.
package httpapi

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

	"github.com/velvetchair/salon/internal/config"
)

// Routable is implemented by every handler group.
type Routable interface {
	Register(e *echo.Echo)
}

func asRoutable(ctor any) any {
	return fx.Annotate(ctor, fx.As(new(Routable)), fx.ResultTags(`group:"http.routes"`))
}

// Module provides the echo server and every handler group.
var Module = fx.Module("httpapi",
	fx.Provide(
		NewEcho,
		asRoutable(NewAppointmentHandler),
		asRoutable(NewVoucherHandler),
		asRoutable(NewLoyaltyHandler),
		asRoutable(NewWaitlistHandler),
		asRoutable(NewClientHandler),
		asRoutable(NewPayoutHandler),
		asRoutable(NewPaymentWebhookHandler),
		asRoutable(NewMessagingWebhookHandler),
	),
	fx.Invoke(serve),
)

// NewEcho builds the echo instance with the standard middleware stack.
func NewEcho(log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("1M"))
	e.Use(requestLogger(log))
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	return e
}

type serveParams struct {
	fx.In

	LC     fx.Lifecycle
	Cfg    config.Config
	Log    *slog.Logger
	Echo   *echo.Echo
	Routes []Routable `group:"http.routes"`
}

func serve(p serveParams) {
	for _, r := range p.Routes {
		r.Register(p.Echo)
	}
	srv := &http.Server{
		Addr:              p.Cfg.HTTPAddr,
		Handler:           p.Echo,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	p.LC.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					p.Log.Error("http server stopped", "err", err)
				}
			}()
			p.Log.Info("http listening", "addr", srv.Addr)
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
}

func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			log.InfoContext(c.Request().Context(), "http",
				"method", c.Request().Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID),
				"duration_ms", time.Since(start).Milliseconds(),
			)
			return err
		}
	}
}

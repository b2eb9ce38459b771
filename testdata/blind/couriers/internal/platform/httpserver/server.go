// Package httpserver runs the echo server and holds the HTTP plumbing shared
// by the domain packages: route registration, error mapping and middleware.
package httpserver

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

	"github.com/spokechain/courierpay/internal/config"
	"github.com/spokechain/courierpay/internal/pkg/apperr"
)

// Registrar adds a package's routes to the server.
type Registrar interface {
	Register(e *echo.Echo)
}

// AsRegistrar annotates a constructor so its result joins the "routes" group.
func AsRegistrar(f any) any {
	return fx.Annotate(f, fx.As(new(Registrar)), fx.ResultTags(`group:"routes"`))
}

type params struct {
	fx.In

	Lifecycle  fx.Lifecycle
	Config     config.Config
	Log        *slog.Logger
	Registrars []Registrar `group:"routes"`
}

// New builds the echo instance, registers every route and starts listening
// with the fx lifecycle.
func New(p params) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(p.Log)

	e.Use(middleware.RequestID())
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit("1M"))
	e.Use(middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus:    true,
		LogURI:       true,
		LogMethod:    true,
		LogLatency:   true,
		LogRequestID: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			p.Log.Info("http", "method", v.Method, "uri", v.URI, "status", v.Status,
				"latency_ms", v.Latency.Milliseconds(), "request_id", v.RequestID)
			return nil
		},
	}))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	for _, r := range p.Registrars {
		r.Register(e)
	}

	srv := &http.Server{
		Addr:              p.Config.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 10 * time.Second,
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
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
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
	return e
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
		code := http.StatusInternalServerError
		msg := "internal error"
		var ae *apperr.Error
		if errors.As(err, &ae) {
			msg = ae.Message
		}
		switch apperr.KindOf(err) {
		case apperr.KindNotFound:
			code = http.StatusNotFound
		case apperr.KindInvalid:
			code = http.StatusBadRequest
		case apperr.KindConflict:
			code = http.StatusConflict
		case apperr.KindUnprocessable:
			code = http.StatusUnprocessableEntity
		default:
			log.Error("request failed", "path", c.Path(), "err", err)
		}
		_ = c.JSON(code, map[string]any{"error": msg})
	}
}

// Module provides the echo server.
var Module = fx.Module("httpserver",
	fx.Provide(New, NewIdempotencyStore),
	fx.Invoke(func(*echo.Echo) {}),
)

// Package admin is the back-office HTTP API used by customer-service agents
// and operations, plus the payment gateway's webhook.
package admin

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/idem"
)

// Route registers a group of handlers on the admin server.
type Route interface {
	Register(admin *echo.Group, root *echo.Echo)
}

// NewEcho builds the echo instance and mounts every Route.
func NewEcho(routes []Route, log *zap.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestIDWithConfig(middleware.RequestIDConfig{
		RequestIDHandler: func(c echo.Context, id string) { c.Set("request_id", id) },
	}))
	e.Use(middleware.BodyLimit("1M"))
	e.Use(accessLog(log))

	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })

	g := e.Group("/admin", requireAgent)
	for _, r := range routes {
		r.Register(g, e)
	}
	return e
}

// requireAgent trusts the identity header set by the SSO proxy in front of
// the admin API.
func requireAgent(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		agent := strings.TrimSpace(c.Request().Header.Get("X-Agent-Email"))
		if agent == "" {
			return echo.NewHTTPError(http.StatusUnauthorized, "agent identity missing")
		}
		c.Set("agent", agent)
		return next(c)
	}
}

func agent(c echo.Context) string {
	if v, ok := c.Get("agent").(string); ok {
		return v
	}
	return "unknown"
}

func accessLog(log *zap.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			rid, _ := c.Get("request_id").(string)
			log.Info("admin",
				zap.String("method", c.Request().Method),
				zap.String("path", c.Path()),
				zap.String("request_id", rid),
				zap.Int("status", c.Response().Status),
				zap.Duration("took", time.Since(start)),
				zap.Error(err))
			return err
		}
	}
}

func errorHandler(log *zap.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		code := http.StatusInternalServerError
		msg := "internal error"
		var he *echo.HTTPError
		switch {
		case errors.As(err, &he):
			code = he.Code
			msg, _ = he.Message.(string)
			if msg == "" {
				msg = http.StatusText(code)
			}
		case errors.Is(err, domain.ErrNotFound):
			code, msg = http.StatusNotFound, err.Error()
		case errors.Is(err, domain.ErrInvalid):
			code, msg = http.StatusBadRequest, err.Error()
		case errors.Is(err, domain.ErrConflict), errors.Is(err, idem.ErrKeyReused):
			code, msg = http.StatusConflict, err.Error()
		case errors.Is(err, domain.ErrPrecondition):
			code, msg = http.StatusUnprocessableEntity, err.Error()
		case errors.Is(err, domain.ErrPaymentDeclined):
			code, msg = http.StatusPaymentRequired, err.Error()
		default:
			log.Error("admin handler failed", zap.String("path", c.Path()), zap.Error(err))
		}
		_ = c.JSON(code, map[string]string{"error": msg})
	}
}

// Run serves e on the admin address for the lifetime of the fx app.
func Run(lc fx.Lifecycle, e *echo.Echo, cfg *config.Config, log *zap.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := e.Start(cfg.AdminAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("admin server stopped", zap.Error(err))
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error { return e.Shutdown(ctx) },
	})
}

// Package httpapi is the public and staff HTTP API, served by echo.
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

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/service"
)

// Module provides the handler and starts the HTTP server.
var Module = fx.Module("httpapi",
	fx.Provide(NewHandler, NewServer),
	fx.Invoke(func(*echo.Echo) {}),
)

// NewServer builds the echo instance, registers routes and ties the
// listener to the application lifecycle.
func NewServer(lc fx.Lifecycle, cfg *config.Config, h *Handler, log *zap.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.RequestID())
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit("1M"))
	e.Use(middleware.TimeoutWithConfig(middleware.TimeoutConfig{
		Timeout: 25 * time.Second,
		Skipper: func(c echo.Context) bool { return c.Path() == "/v1/webhooks/stripe" },
	}))
	e.Use(accessLog(log))

	h.Register(e)

	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Fatal("http server", zap.Error(err))
				}
			}()
			log.Info("http listening", zap.String("addr", cfg.HTTPAddr))
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return e.Shutdown(ctx)
		},
	})
	return e
}

func accessLog(log *zap.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			log.Info("request",
				zap.String("method", c.Request().Method),
				zap.String("path", c.Path()),
				zap.Int("status", c.Response().Status),
				zap.Duration("took", time.Since(start)),
				zap.String("request_id", c.Response().Header().Get(echo.HeaderXRequestID)))
			return err
		}
	}
}

type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

// errorHandler maps service errors to status codes. Unknown errors are
// logged and reported as 500 without detail.
func errorHandler(log *zap.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, msg := http.StatusInternalServerError, "internal error"
		var he *echo.HTTPError
		var se *service.Error
		switch {
		case errors.As(err, &he):
			status = he.Code
			if m, ok := he.Message.(string); ok {
				msg = m
			} else {
				msg = http.StatusText(status)
			}
		case errors.As(err, &se):
			msg = se.Msg
			switch {
			case errors.Is(se, service.ErrNotFound):
				status = http.StatusNotFound
			case errors.Is(se, service.ErrInvalid):
				status = http.StatusUnprocessableEntity
			case errors.Is(se, service.ErrConflict):
				status = http.StatusConflict
			case errors.Is(se, service.ErrForbidden):
				status = http.StatusForbidden
			case errors.Is(se, service.ErrPayment):
				status = http.StatusPaymentRequired
			}
		default:
			log.Error("unhandled error", zap.String("path", c.Path()), zap.Error(err))
		}
		_ = c.JSON(status, errorBody{Error: msg, RequestID: c.Response().Header().Get(echo.HeaderXRequestID)})
	}
}

package httpapi

import (
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

const requestIDKey = "request_id"

// RequestID tags each request with an id for logs and error bodies. An
// inbound X-Request-Id from the load balancer is kept.
func RequestID() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			rid := c.Request().Header.Get(echo.HeaderXRequestID)
			if rid == "" {
				rid = uuid.NewString()
			}
			c.Set(requestIDKey, rid)
			c.Response().Header().Set(echo.HeaderXRequestID, rid)
			return next(c)
		}
	}
}

// AccessLog writes one structured line per request.
func AccessLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			rid, _ := c.Get(requestIDKey).(string)
			log.InfoContext(c.Request().Context(), "http",
				"method", c.Request().Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"dur_ms", time.Since(start).Milliseconds(),
				"request_id", rid)
			return nil
		}
	}
}

// Operator returns the authenticated staff user set by the auth proxy.
func Operator(c echo.Context) string {
	return c.Request().Header.Get("X-Authenticated-User")
}

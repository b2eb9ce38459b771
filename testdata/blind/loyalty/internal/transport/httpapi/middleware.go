package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	idempotencyKeyKey
)

const headerIdempotencyKey = "Idempotency-Key"

// RequestID tags every request with an id for logs and tracing. It is never
// persisted.
func RequestID() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			rid := c.Request().Header.Get(echo.HeaderXRequestID)
			if rid == "" {
				rid = uuid.NewString()
			}
			c.Response().Header().Set(echo.HeaderXRequestID, rid)
			ctx := context.WithValue(c.Request().Context(), requestIDKey, rid)
			c.SetRequest(c.Request().WithContext(ctx))
			return next(c)
		}
	}
}

// AccessLog logs one line per request.
func AccessLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			rid, _ := c.Request().Context().Value(requestIDKey).(string)
			log.Info("http",
				"method", c.Request().Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"dur_ms", time.Since(start).Milliseconds(),
				"request_id", rid,
			)
			return nil
		}
	}
}

// RequireIdempotencyKey rejects POSTs that carry no Idempotency-Key and makes
// the key available to handlers.
func RequireIdempotencyKey() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := strings.TrimSpace(c.Request().Header.Get(headerIdempotencyKey))
			if key == "" || len(key) > 200 {
				return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
			}
			c.Set("idempotency_key", key)
			ctx := context.WithValue(c.Request().Context(), idempotencyKeyKey, key)
			c.SetRequest(c.Request().WithContext(ctx))
			return next(c)
		}
	}
}

func idempotencyKey(c echo.Context) string {
	k, _ := c.Get("idempotency_key").(string)
	return k
}

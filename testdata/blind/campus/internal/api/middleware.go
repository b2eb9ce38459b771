package api

import (
	"bytes"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/ids"
	"github.com/quadhall/housing/internal/store"
)

const headerRequestID = "X-Request-Id"

// RequestID tags each request with an ID for log correlation, keeping one
// supplied by the load balancer.
func RequestID() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			rid := c.Request().Header.Get(headerRequestID)
			if rid == "" {
				rid = ids.New()
			}
			c.Set("request_id", rid)
			c.Response().Header().Set(headerRequestID, rid)
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
			log.InfoContext(c.Request().Context(), "http",
				"method", c.Request().Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"elapsed", time.Since(start),
				"request_id", c.Get("request_id"),
			)
			return nil
		}
	}
}

// Idempotency replays the stored response for a repeated Idempotency-Key
// within scope. Only successful responses are stored, so a failed request
// can be retried with the same key.
func Idempotency(q db.Querier, scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get("Idempotency-Key")
			if key == "" {
				return next(c)
			}
			ctx := c.Request().Context()
			saved, err := q.GetIdempotentResponse(ctx, db.GetIdempotentResponseParams{Scope: scope, IdemKey: key})
			if err == nil {
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.JSONBlob(int(saved.ResponseStatus), saved.ResponseBody)
			}
			if !store.IsNotFound(err) {
				return err
			}

			rec := &captureWriter{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status < 200 || status > 299 {
				return nil
			}
			if err := q.SaveIdempotentResponse(ctx, db.SaveIdempotentResponseParams{
				Scope:          scope,
				IdemKey:        key,
				ResponseStatus: int32(status),
				ResponseBody:   rec.buf.Bytes(),
			}); err != nil {
				c.Logger().Warnf("store idempotent response: %v", err)
			}
			return nil
		}
	}
}

type captureWriter struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *captureWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

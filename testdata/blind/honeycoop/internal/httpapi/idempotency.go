package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/amberfield-labs/honeycoop/internal/store"
)

// KeyStore keeps the responses of requests sent with an Idempotency-Key.
type KeyStore interface {
	Find(ctx context.Context, scope, key string) (*store.IdempotencyRecord, error)
	Save(ctx context.Context, rec *store.IdempotencyRecord) error
}

// IdempotencyMiddleware replays the stored response of a request whose
// Idempotency-Key was already answered.
type IdempotencyMiddleware struct {
	keys KeyStore
	log  *slog.Logger
	now  func() time.Time
}

func NewIdempotencyMiddleware(keys KeyStore, log *slog.Logger, now func() time.Time) *IdempotencyMiddleware {
	return &IdempotencyMiddleware{keys: keys, log: log, now: now}
}

type capturingWriter struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *capturingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// Handle returns the middleware for routes of the given scope.
func (m *IdempotencyMiddleware) Handle(scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get("Idempotency-Key")
			if key == "" {
				return next(c)
			}
			ctx := c.Request().Context()
			scoped := scope + ":" + c.Param("id")

			prev, err := m.keys.Find(ctx, scoped, key)
			if err != nil {
				return err
			}
			if prev != nil {
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.Blob(prev.StatusCode, echo.MIMEApplicationJSONCharsetUTF8, prev.Body)
			}

			w := &capturingWriter{ResponseWriter: c.Response().Writer}
			c.Response().Writer = w
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= 200 && status < 300 {
				rec := &store.IdempotencyRecord{
					Scope:      scoped,
					Key:        key,
					StatusCode: status,
					Body:       w.buf.Bytes(),
					CreatedAt:  m.now(),
				}
				if err := m.keys.Save(context.WithoutCancel(ctx), rec); err != nil {
					m.log.WarnContext(ctx, "save idempotency key", "scope", scoped, "err", err)
				}
			}
			return nil
		}
	}
}

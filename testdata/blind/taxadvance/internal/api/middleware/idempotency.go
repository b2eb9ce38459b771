package middleware

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/refundbridge/advance/internal/domain"
)

// IdempotencyStore persists responses by key.
type IdempotencyStore interface {
	Lookup(ctx context.Context, scope, key string) (domain.IdempotencyRecord, bool, error)
	Save(ctx context.Context, rec domain.IdempotencyRecord) error
}

// Idempotency replays the stored response when a request repeats its
// Idempotency-Key. Successful and 4xx responses are stored; 5xx are not, so
// the caller can try again.
func Idempotency(store IdempotencyStore, scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			key := req.Header.Get("Idempotency-Key")
			if key == "" {
				return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
			}
			body, err := io.ReadAll(req.Body)
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			req.Body = io.NopCloser(bytes.NewReader(body))
			hash := fingerprint(req.Method, c.Path(), c.ParamValues(), body)

			ctx := req.Context()
			rec, found, err := store.Lookup(ctx, scope, key)
			if err != nil {
				return err
			}
			if found {
				if rec.RequestHash != hash {
					return echo.NewHTTPError(http.StatusUnprocessableEntity, "Idempotency-Key reused with a different request")
				}
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.Blob(rec.StatusCode, rec.ContentType, rec.ResponseBody)
			}

			capture := &captureWriter{ResponseWriter: c.Response().Writer}
			c.Response().Writer = capture
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= http.StatusInternalServerError {
				return nil
			}
			return store.Save(ctx, domain.IdempotencyRecord{
				Scope:        scope,
				Key:          key,
				RequestHash:  hash,
				StatusCode:   status,
				ContentType:  c.Response().Header().Get(echo.HeaderContentType),
				ResponseBody: capture.buf.Bytes(),
				CreatedAt:    time.Now().UTC(),
			})
		}
	}
}

func fingerprint(method, path string, params []string, body []byte) string {
	h := sha256.New()
	h.Write([]byte(method))
	h.Write([]byte(path))
	for _, p := range params {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

type captureWriter struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *captureWriter) Write(p []byte) (int, error) {
	w.buf.Write(p)
	return w.ResponseWriter.Write(p)
}

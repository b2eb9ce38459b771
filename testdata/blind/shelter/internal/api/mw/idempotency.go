// Package mw holds the echo middleware shared by the API routes.
package mw

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/brindlewood-labs/shelternet/internal/store"
)

// ResponseStore persists replayable responses.
type ResponseStore interface {
	Lookup(ctx context.Context, key string) (store.StoredResponse, bool, error)
	Save(ctx context.Context, r store.StoredResponse) error
}

// IdempotencyOptions configures Idempotency.
type IdempotencyOptions struct {
	Header string
	// Required rejects requests without the header.
	Required bool
	Now      func() time.Time
}

// Idempotency replays the stored response when a client repeats a request
// with the same Idempotency-Key. Only successful responses are stored, so a
// client can retry after a 5xx.
func Idempotency(keys ResponseStore, opts IdempotencyOptions) echo.MiddlewareFunc {
	if opts.Header == "" {
		opts.Header = "Idempotency-Key"
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get(opts.Header)
			if key == "" {
				if opts.Required {
					return echo.NewHTTPError(http.StatusBadRequest, opts.Header+" header is required")
				}
				return next(c)
			}
			ctx := c.Request().Context()
			scoped := c.Path() + "|" + key

			prev, found, err := keys.Lookup(ctx, scoped)
			if err != nil {
				return err
			}
			if found {
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.Blob(prev.StatusCode, echo.MIMEApplicationJSONCharsetUTF8, prev.ResponseBody)
			}

			var body bytes.Buffer
			c.Response().Writer = &teeWriter{ResponseWriter: c.Response().Writer, w: io.MultiWriter(c.Response().Writer, &body)}
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status < 200 || status > 299 {
				return nil
			}
			return keys.Save(ctx, store.StoredResponse{
				Key:          scoped,
				Route:        c.Path(),
				StatusCode:   status,
				ResponseBody: body.Bytes(),
				CreatedAt:    opts.Now().UTC(),
			})
		}
	}
}

type teeWriter struct {
	http.ResponseWriter
	w io.Writer
}

func (t *teeWriter) Write(p []byte) (int, error) { return t.w.Write(p) }

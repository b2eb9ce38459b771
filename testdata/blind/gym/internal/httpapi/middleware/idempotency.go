// Package middleware holds echo middleware shared by API routes.
package middleware

import (
	"bytes"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/pulsefit/memberships/internal/idem"
)

const HeaderIdempotencyKey = "Idempotency-Key"

// Idempotent replays the stored response for a repeated Idempotency-Key and
// stores successful responses for later replays. Requests without the header
// pass through.
func Idempotent(store *idem.Store, scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get(HeaderIdempotencyKey)
			if key == "" {
				return next(c)
			}
			ctx := c.Request().Context()
			body, err := io.ReadAll(c.Request().Body)
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			hash := idem.Hash([]byte(c.Path()), body)

			rec, err := store.Lookup(ctx, scope, key)
			if err != nil {
				return err
			}
			if rec != nil {
				if rec.RequestHash != hash {
					return echo.NewHTTPError(http.StatusUnprocessableEntity, "Idempotency-Key reused with a different request")
				}
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.JSONBlob(rec.Status, rec.Body)
			}

			rw := &capture{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rw
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= 200 && status < 300 {
				if err := store.Save(ctx, scope, key, idem.Record{Status: status, Body: rw.buf.Bytes(), RequestHash: hash}); err != nil {
					c.Logger().Warnf("idempotency: store response for %s: %v", key, err)
				}
			}
			return nil
		}
	}
}

type capture struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (c *capture) Write(b []byte) (int, error) {
	c.buf.Write(b)
	return c.ResponseWriter.Write(b)
}

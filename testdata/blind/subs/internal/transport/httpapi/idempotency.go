package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/meterly/subs/internal/billing"
)

type bodyRecorder struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (r *bodyRecorder) Write(p []byte) (int, error) {
	r.buf.Write(p)
	return r.ResponseWriter.Write(p)
}

// Idempotency replays the stored response for a repeated Idempotency-Key
// and stores the response of the first successful request.
func Idempotency(store billing.IdempotencyRepository, scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get("Idempotency-Key")
			if key == "" {
				return next(c)
			}
			ctx := c.Request().Context()

			prev, err := store.Lookup(ctx, scope, key)
			switch {
			case err == nil && prev.Completed() && prev.ResponseCode != nil:
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.JSONBlob(*prev.ResponseCode, prev.ResponseBody)
			case err != nil && !errors.Is(err, billing.ErrNotFound):
				return err
			}

			reqBody, err := io.ReadAll(c.Request().Body)
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(reqBody))
			sum := sha256.Sum256(reqBody)

			rec := &bodyRecorder{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= 500 {
				return nil
			}
			if err := store.Save(ctx, billing.IdempotencyRecord{
				Scope:        scope,
				Key:          key,
				RequestHash:  hex.EncodeToString(sum[:]),
				ResponseCode: &status,
				ResponseBody: rec.buf.Bytes(),
			}); err != nil {
				c.Logger().Warnf("idempotency: could not store response for key %s: %v", key, err)
			}
			return nil
		}
	}
}

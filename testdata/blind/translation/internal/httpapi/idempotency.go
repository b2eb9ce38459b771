package httpapi

import (
	"bytes"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/platform"
)

// recorder tees the response body so it can be stored.
type recorder struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Idempotent replays the stored response when a request repeats an
// Idempotency-Key the caller already used on this route.
func Idempotent(keys *platform.KeyStore, scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get("Idempotency-Key")
			if key == "" || len(key) > 255 {
				return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
			}
			body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
			if err != nil {
				return err
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			hash := platform.HashRequest(body)
			fullScope := scope + ":" + principal(c).ID.String()

			ctx := c.Request().Context()
			prev, err := keys.Lookup(ctx, fullScope, key)
			if err != nil {
				return err
			}
			if prev != nil {
				if prev.RequestHash != hash {
					return echo.NewHTTPError(http.StatusUnprocessableEntity, platform.ErrKeyReused.Error())
				}
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.Blob(prev.StatusCode, echo.MIMEApplicationJSON, prev.ResponseBody)
			}

			rec := &recorder{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			if status := c.Response().Status; status < 500 {
				if err := keys.Save(ctx, fullScope, key, hash, status, rec.buf.Bytes()); err != nil {
					c.Logger().Errorf("idempotency save %s: %v", key, err)
				}
			}
			return nil
		}
	}
}

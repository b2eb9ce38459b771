package api

import (
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
)

// EchoIdempotent is Idempotent as echo middleware for one scope: next
// runs the route's handler, and a failure to store the key is logged.
func EchoIdempotent(scope string, ks KeyStore, log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := scope + ":" + c.Request().Header.Get("Idempotency-Key")
			ctx := c.Request().Context()
			if status, found, err := ks.Lookup(ctx, key); err != nil {
				return err
			} else if found {
				return c.NoContent(status)
			}
			if err := next(c); err != nil {
				return err
			}
			if err := ks.Record(ctx, key, http.StatusCreated); err != nil {
				log.Error("storing the key", "err", err)
			}
			return nil
		}
	}
}

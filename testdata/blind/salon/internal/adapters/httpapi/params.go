package httpapi

import (
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

const ctxIdempotencyKey = "idempotency_key"

// RequireIdempotencyKey rejects writes that do not carry an
// Idempotency-Key header and makes the key available to the handler.
func RequireIdempotencyKey(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		key := strings.TrimSpace(c.Request().Header.Get("Idempotency-Key"))
		if key == "" || len(key) > 200 {
			return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
		}
		c.Set(ctxIdempotencyKey, key)
		return next(c)
	}
}

func idempotencyKey(c echo.Context) string {
	k, _ := c.Get(ctxIdempotencyKey).(string)
	return k
}

// pathUUID parses a UUID route parameter.
func pathUUID(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, echo.NewHTTPError(http.StatusBadRequest, "invalid "+name)
	}
	return id, nil
}

// bind decodes the JSON body into a fresh T.
func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed request body")
	}
	return v, nil
}

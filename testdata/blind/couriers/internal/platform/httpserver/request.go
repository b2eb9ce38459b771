package httpserver

import (
	"strings"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/spokechain/courierpay/internal/pkg/apperr"
)

// ActorHeader carries the authenticated operator or courier, set by the
// gateway after it has verified the session.
const ActorHeader = "X-Spoke-Actor"

// IdempotencyHeader is the client-supplied request key.
const IdempotencyHeader = "Idempotency-Key"

// Actor returns the caller recorded by the gateway.
func Actor(c echo.Context) string {
	if a := strings.TrimSpace(c.Request().Header.Get(ActorHeader)); a != "" {
		return a
	}
	return "unknown"
}

// UUIDParam parses a path parameter as a UUID.
func UUIDParam(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, apperr.Invalid("%s must be a uuid", name)
	}
	return id, nil
}

// Bind decodes the JSON body into T.
func Bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, apperr.Invalid("malformed request body")
	}
	return v, nil
}

// RequireKey returns the Idempotency-Key header or an error when absent.
func RequireKey(c echo.Context) (string, error) {
	k := strings.TrimSpace(c.Request().Header.Get(IdempotencyHeader))
	if k == "" {
		return "", apperr.Invalid("%s header is required", IdempotencyHeader)
	}
	if len(k) > 128 {
		return "", apperr.Invalid("%s is too long", IdempotencyHeader)
	}
	return k, nil
}

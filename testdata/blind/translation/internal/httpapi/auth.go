// Package httpapi is the public REST API served by cmd/api.
package httpapi

import (
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Roles of authenticated callers.
const (
	RoleClient     = "client"
	RoleTranslator = "translator"
)

// Principal is the authenticated caller. The edge gateway verifies the
// session token and forwards the subject and role as headers.
type Principal struct {
	ID   uuid.UUID
	Role string
}

const principalKey = "principal"

// Authenticate reads the gateway headers into the request context.
func Authenticate() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id, err := uuid.Parse(c.Request().Header.Get("X-Auth-Subject"))
			if err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "missing subject")
			}
			role := c.Request().Header.Get("X-Auth-Role")
			if role != RoleClient && role != RoleTranslator {
				return echo.NewHTTPError(http.StatusForbidden, "unknown role")
			}
			c.Set(principalKey, Principal{ID: id, Role: role})
			return next(c)
		}
	}
}

// RequireRole rejects callers without role.
func RequireRole(role string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if principal(c).Role != role {
				return echo.NewHTTPError(http.StatusForbidden, "forbidden")
			}
			return next(c)
		}
	}
}

func principal(c echo.Context) Principal {
	p, _ := c.Get(principalKey).(Principal)
	return p
}

// toHTTP maps service errors to HTTP errors.
func toHTTP(err error) error {
	if err == nil {
		return nil
	}
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he):
		return he
	case errors.Is(err, platform.ErrNotFound):
		return echo.NewHTTPError(http.StatusNotFound, "not found")
	case errors.Is(err, platform.ErrInvalid):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	case errors.Is(err, platform.ErrConflict):
		return echo.NewHTTPError(http.StatusConflict, err.Error())
	case errors.Is(err, platform.ErrKeyReused):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	}
	return err
}

// Package middleware holds echo middleware for partner and admin callers.
package middleware

import (
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/service"
)

const (
	partnerKey = "partner"
	actorKey   = "actor"
)

// PartnerAuth authenticates partner API calls by the X-Api-Key header.
func PartnerAuth(partners service.Partners) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			p, err := partners.Authenticate(c.Request().Context(), c.Request().Header.Get("X-Api-Key"))
			if err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "invalid API key")
			}
			c.Set(partnerKey, p)
			return next(c)
		}
	}
}

// Partner returns the authenticated partner.
func Partner(c echo.Context) domain.Partner {
	p, _ := c.Get(partnerKey).(domain.Partner)
	return p
}

// AdminAuth checks the shared ops token and requires an X-Actor header naming
// the operator, which is recorded on the changes they make.
func AdminAuth(token string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			got := strings.TrimPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
			if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				return echo.NewHTTPError(http.StatusUnauthorized)
			}
			actor := c.Request().Header.Get("X-Actor")
			if actor == "" {
				return echo.NewHTTPError(http.StatusBadRequest, "X-Actor header is required")
			}
			c.Set(actorKey, actor)
			return next(c)
		}
	}
}

// Actor returns the operator name set by AdminAuth.
func Actor(c echo.Context) string {
	a, _ := c.Get(actorKey).(string)
	return a
}

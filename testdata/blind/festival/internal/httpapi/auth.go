package httpapi

import (
	"crypto/subtle"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

const (
	headerAttendee = "X-Attendee-Id"
	headerBooth    = "X-Booth-Operator"
	headerTerminal = "X-Terminal-Id"
	headerVendor   = "X-Vendor-Id"
)

// requireAttendee checks that the gateway attached an authenticated
// attendee id. The gateway validates the app's session token and sets the
// header; requests from outside never reach us with it set.
func requireAttendee() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if _, err := uuid.Parse(c.Request().Header.Get(headerAttendee)); err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "missing attendee")
			}
			return next(c)
		}
	}
}

func requireHeader(name string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if c.Request().Header.Get(name) == "" {
				return echo.NewHTTPError(http.StatusUnauthorized, "missing "+name)
			}
			return next(c)
		}
	}
}

func requireAdmin(token string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			got := c.Request().Header.Get("Authorization")
			want := "Bearer " + token
			if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
				return echo.NewHTTPError(http.StatusUnauthorized, "admin token required")
			}
			return next(c)
		}
	}
}

package middleware

import (
	"crypto/subtle"
	"net/http"

	"github.com/labstack/echo/v4"
)

const accountKey = "account_id"

// Account reads the guest's account ID injected by the API gateway after it
// has verified the session token.
func Account() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get("X-Account-ID")
			if id == "" {
				return echo.NewHTTPError(http.StatusUnauthorized, "not signed in")
			}
			c.Set(accountKey, id)
			return next(c)
		}
	}
}

// AccountID returns the authenticated account ID.
func AccountID(c echo.Context) string {
	id, _ := c.Get(accountKey).(string)
	return id
}

// StaticToken guards operator endpoints with a shared bearer token.
func StaticToken(token string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			got := c.Request().Header.Get("Authorization")
			want := "Bearer " + token
			if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
				return echo.NewHTTPError(http.StatusUnauthorized)
			}
			return next(c)
		}
	}
}

// Package middleware holds echo middleware shared by the API routes.
package middleware

import (
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

const (
	ctxMemberID = "member_id"
	ctxAirline  = "airline_code"
	ctxDeviceID = "device_id"

	// HeaderMemberID is set by the edge gateway after it verifies the
	// member's session token.
	HeaderMemberID = "X-Member-ID"
	HeaderDeviceID = "X-Device-ID"
)

// MemberAuth requires the gateway-provided member identity.
func MemberAuth() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id, err := uuid.Parse(c.Request().Header.Get(HeaderMemberID))
			if err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "member identity missing")
			}
			c.Set(ctxMemberID, id)
			return next(c)
		}
	}
}

func MemberID(c echo.Context) uuid.UUID {
	id, _ := c.Get(ctxMemberID).(uuid.UUID)
	return id
}

// PartnerAuth checks the airline's bearer token against the :airline path
// parameter.
func PartnerAuth(tokens map[string]string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			code := strings.ToUpper(c.Param("airline"))
			want, ok := tokens[code]
			got := strings.TrimPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
			if !ok || want == "" || subtle.ConstantTimeCompare([]byte(want), []byte(got)) != 1 {
				return echo.NewHTTPError(http.StatusUnauthorized, "invalid partner credentials")
			}
			c.Set(ctxAirline, code)
			return next(c)
		}
	}
}

func Airline(c echo.Context) string {
	s, _ := c.Get(ctxAirline).(string)
	return s
}

// AdminAuth guards back-office routes with a static token.
func AdminAuth(token string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			got := strings.TrimPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
			if token == "" || subtle.ConstantTimeCompare([]byte(token), []byte(got)) != 1 {
				return echo.NewHTTPError(http.StatusUnauthorized, "admin credentials required")
			}
			return next(c)
		}
	}
}

// DeviceAuth identifies the lounge door scanner (mTLS is terminated at the
// gateway, which forwards the device ID).
func DeviceAuth() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get(HeaderDeviceID)
			if id == "" {
				return echo.NewHTTPError(http.StatusUnauthorized, "device identity missing")
			}
			c.Set(ctxDeviceID, id)
			return next(c)
		}
	}
}

func DeviceID(c echo.Context) string {
	s, _ := c.Get(ctxDeviceID).(string)
	return s
}

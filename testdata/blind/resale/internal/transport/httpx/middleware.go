package httpx

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/encorelane/resale/internal/platform/logging"
)

const (
	headerRequestID = "X-Request-Id"
	// The API gateway authenticates the caller and forwards the user id.
	headerUser = "X-Authenticated-User"
)

type userKey struct{}

// UserID returns the authenticated user for the request.
func UserID(ctx context.Context) string {
	id, _ := ctx.Value(userKey{}).(string)
	return id
}

// RequestContext tags each request with a correlation id and a logger.
func RequestContext(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			rid := c.Request().Header.Get(headerRequestID)
			if rid == "" {
				rid = uuid.NewString()
			}
			c.Response().Header().Set(headerRequestID, rid)
			l := log.With("request_id", rid, "method", c.Request().Method, "path", c.Path())
			ctx := logging.WithLogger(c.Request().Context(), l)
			c.SetRequest(c.Request().WithContext(ctx))
			return next(c)
		}
	}
}

// RequireUser rejects requests the gateway did not authenticate.
func RequireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		uid := c.Request().Header.Get(headerUser)
		if uid == "" {
			return echo.NewHTTPError(http.StatusUnauthorized, "authentication required")
		}
		ctx := context.WithValue(c.Request().Context(), userKey{}, uid)
		c.SetRequest(c.Request().WithContext(ctx))
		return next(c)
	}
}

package reqctx

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

const (
	HeaderIdempotencyKey = "Idempotency-Key"
	maxIdempotencyKeyLen = 255
)

// Authenticator resolves a bearer token to a Caller.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (Caller, error)
}

// Middleware authenticates the request and copies the caller and the
// Idempotency-Key header onto the request context.
func Middleware(auth Authenticator) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			token, ok := strings.CutPrefix(req.Header.Get(echo.HeaderAuthorization), "Bearer ")
			if !ok || token == "" {
				return echo.NewHTTPError(http.StatusUnauthorized, "missing bearer token")
			}
			caller, err := auth.Authenticate(req.Context(), token)
			if err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "invalid token")
			}

			key := strings.TrimSpace(req.Header.Get(HeaderIdempotencyKey))
			if len(key) > maxIdempotencyKeyLen {
				return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key too long")
			}

			ctx := WithCaller(req.Context(), caller)
			ctx = WithIdempotencyKey(ctx, key)
			ctx = WithRequestID(ctx, c.Response().Header().Get(echo.HeaderXRequestID))
			c.SetRequest(req.WithContext(ctx))
			return next(c)
		}
	}
}

// ServiceIdentity marks unauthenticated-but-verified routes (provider
// webhooks) with a service caller so downstream code can rely on a caller
// being present.
func ServiceIdentity(name string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			ctx := WithCaller(req.Context(), Caller{Subject: name, Role: RoleService})
			ctx = WithRequestID(ctx, c.Response().Header().Get(echo.HeaderXRequestID))
			c.SetRequest(req.WithContext(ctx))
			return next(c)
		}
	}
}

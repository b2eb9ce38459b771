package httpx

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

type ctxKey int

const (
	fanIDKey ctxKey = iota
	requestIDKey
)

// HeaderRequestID is propagated to logs and error bodies.
const HeaderRequestID = "X-Request-ID"

// WithFanID stores the authenticated fan on ctx.
func WithFanID(ctx context.Context, fanID string) context.Context {
	return context.WithValue(ctx, fanIDKey, fanID)
}

// FanIDFrom returns the authenticated fan, or "" when anonymous.
func FanIDFrom(ctx context.Context) string {
	v, _ := ctx.Value(fanIDKey).(string)
	return v
}

// RequestIDFrom returns the request correlation id.
func RequestIDFrom(ctx context.Context) string {
	v, _ := ctx.Value(requestIDKey).(string)
	return v
}

// RequestID tags each request with a correlation id for logs and traces. The
// id is never persisted.
func RequestID() fiber.Handler {
	return func(c *fiber.Ctx) error {
		rid := c.Get(HeaderRequestID)
		if rid == "" {
			rid = uuid.NewString()
		}
		c.Set(HeaderRequestID, rid)
		c.SetUserContext(context.WithValue(c.UserContext(), requestIDKey, rid))
		return c.Next()
	}
}

// FanAuth trusts the X-Fan-ID header set by the edge gateway after it has
// verified the session token.
func FanAuth() fiber.Handler {
	return func(c *fiber.Ctx) error {
		fan := c.Get("X-Fan-ID")
		if fan == "" {
			return c.Status(fiber.StatusUnauthorized).JSON(errorBody{Error: "unauthenticated"})
		}
		c.SetUserContext(WithFanID(c.UserContext(), fan))
		return c.Next()
	}
}

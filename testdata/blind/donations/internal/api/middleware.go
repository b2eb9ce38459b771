// Package api is the public and staff HTTP API (gofiber).
package api

import (
	"crypto/subtle"
	"os"

	"github.com/gofiber/fiber/v2"

	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/platform/reqctx"
)

// requestID tags every request with an id for logs and tracing. It is
// echoed back in X-Request-Id and never stored.
func requestID() fiber.Handler {
	return func(c *fiber.Ctx) error {
		id := c.Get("X-Request-Id")
		if id == "" {
			id = idgen.Short()
		}
		c.Locals("request_id", id)
		c.Set("X-Request-Id", id)
		c.SetUserContext(reqctx.WithRequestID(c.UserContext(), id))
		return c.Next()
	}
}

// staffOnly guards the back-office routes with the staff gateway's token
// and records the acting staff member.
func staffOnly() fiber.Handler {
	token := []byte(os.Getenv("STAFF_API_TOKEN"))
	return func(c *fiber.Ctx) error {
		got := []byte(c.Get("X-Staff-Token"))
		if len(token) == 0 || subtle.ConstantTimeCompare(got, token) != 1 {
			return fiber.ErrUnauthorized
		}
		actor := c.Get("X-Staff-Email")
		if actor == "" {
			return fiber.NewError(fiber.StatusUnauthorized, "missing staff identity")
		}
		c.SetUserContext(reqctx.WithActor(c.UserContext(), actor))
		return c.Next()
	}
}

package httpx

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/pawsandstay/kennel/internal/platform/ids"
)

// HeaderIdempotencyKey is the request header clients use to make a POST
// repeatable.
const HeaderIdempotencyKey = "Idempotency-Key"

// IdempotencyKey returns the request's key or a 400 when it is required
// and missing.
func IdempotencyKey(c *fiber.Ctx) (string, error) {
	k := c.Get(HeaderIdempotencyKey)
	if k == "" {
		return "", fiber.NewError(fiber.StatusBadRequest, "Idempotency-Key header is required")
	}
	if len(k) > 200 {
		return "", fiber.NewError(fiber.StatusBadRequest, "Idempotency-Key too long")
	}
	return k, nil
}

// UUIDParam parses a path parameter as a UUID.
func UUIDParam(c *fiber.Ctx, name string) (uuid.UUID, error) {
	id, err := ids.ParseUUID(name, c.Params(name))
	if err != nil {
		return uuid.Nil, fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	return id, nil
}

// Bind parses the JSON body into v.
func Bind(c *fiber.Ctx, v any) error {
	if err := c.BodyParser(v); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, "malformed body: "+err.Error())
	}
	return nil
}

// StaffID returns the authenticated staff member set by the auth middleware.
func StaffID(c *fiber.Ctx) string {
	if v, ok := c.Locals("staff_id").(string); ok {
		return v
	}
	return ""
}

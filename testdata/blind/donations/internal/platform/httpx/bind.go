// Package httpx holds small fiber helpers shared by the API handlers.
package httpx

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// Validatable is implemented by request payloads that can check themselves.
type Validatable interface {
	Validate() error
}

// Bind parses the JSON body into T and runs its Validate method if present.
func Bind[T any](c *fiber.Ctx) (T, error) {
	var v T
	if err := c.BodyParser(&v); err != nil {
		return v, fiber.NewError(fiber.StatusBadRequest, "invalid body: "+err.Error())
	}
	if val, ok := any(&v).(Validatable); ok {
		if err := val.Validate(); err != nil {
			return v, fiber.NewError(fiber.StatusUnprocessableEntity, err.Error())
		}
	}
	return v, nil
}

// IdempotencyKey returns the caller's Idempotency-Key header, trimmed.
func IdempotencyKey(c *fiber.Ctx) string {
	return strings.TrimSpace(c.Get("Idempotency-Key"))
}

// RequireIdempotencyKey fails the request when no key was supplied.
func RequireIdempotencyKey(c *fiber.Ctx) (string, error) {
	k := IdempotencyKey(c)
	if k == "" {
		return "", fiber.NewError(fiber.StatusBadRequest, "Idempotency-Key header is required")
	}
	if len(k) > 255 {
		return "", fiber.NewError(fiber.StatusBadRequest, "Idempotency-Key too long")
	}
	return k, nil
}

// Require is a tiny validation helper: it returns an error naming the first
// empty field.
func Require(fields map[string]string) error {
	for name, v := range fields {
		if strings.TrimSpace(v) == "" {
			return fmt.Errorf("%s is required", name)
		}
	}
	return nil
}

// ErrNotFound is returned by services when an aggregate does not exist.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned by services for state conflicts.
var ErrConflict = errors.New("conflict")

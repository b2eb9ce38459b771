// Package httpx holds the fiber glue shared by the API and webhook servers.
package httpx

import (
	"errors"
	"log/slog"

	"github.com/gofiber/fiber/v2"

	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/idem"
)

// Problem is the JSON error body.
type Problem struct {
	Error  string `json:"error"`
	Detail string `json:"detail,omitempty"`
}

// ValidationError marks bad client input.
type ValidationError struct{ Msg string }

func (e *ValidationError) Error() string { return e.Msg }

// Invalid returns a ValidationError.
func Invalid(msg string) error { return &ValidationError{Msg: msg} }

// ErrorHandler maps domain errors onto HTTP statuses.
func ErrorHandler(log *slog.Logger) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		status := fiber.StatusInternalServerError
		var fe *fiber.Error
		var ve *ValidationError
		switch {
		case errors.As(err, &fe):
			status = fe.Code
		case errors.As(err, &ve):
			status = fiber.StatusUnprocessableEntity
		case errors.Is(err, platform.ErrNotFound):
			status = fiber.StatusNotFound
		case errors.Is(err, platform.ErrConflict):
			status = fiber.StatusConflict
		case errors.Is(err, idem.ErrKeyReused):
			status = fiber.StatusUnprocessableEntity
		case errors.Is(err, idem.ErrInFlight):
			status = fiber.StatusConflict
		}
		if status >= 500 {
			log.Error("request failed", "method", c.Method(), "path", c.Path(), "err", err)
			return c.Status(status).JSON(Problem{Error: "internal error"})
		}
		return c.Status(status).JSON(Problem{Error: err.Error()})
	}
}

package httpx

import (
	"errors"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"
)

// ErrorHandler maps service errors onto HTTP responses.
func ErrorHandler(log *zap.Logger) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		code := fiber.StatusInternalServerError
		msg := "internal error"

		var fe *fiber.Error
		switch {
		case errors.As(err, &fe):
			code, msg = fe.Code, fe.Message
		case errors.Is(err, ErrNotFound):
			code, msg = fiber.StatusNotFound, err.Error()
		case errors.Is(err, ErrConflict):
			code, msg = fiber.StatusConflict, err.Error()
		}
		if code >= 500 {
			log.Error("request failed",
				zap.String("path", c.Path()),
				zap.String("request_id", RequestID(c)),
				zap.Error(err))
		}
		return c.Status(code).JSON(fiber.Map{"error": msg})
	}
}

// RequestID returns the request id set by the request-id middleware.
func RequestID(c *fiber.Ctx) string {
	if v, ok := c.Locals("request_id").(string); ok {
		return v
	}
	return ""
}

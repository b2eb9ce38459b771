package httpapi

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/payments"
	"github.com/basketline/grocery/internal/store"
)

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message"`
}

func (s *Server) errorHandler(c *fiber.Ctx, err error) error {
	status, code := classify(err)
	if status >= 500 {
		s.d.Log.Error("request failed", "path", c.Path(), "err", err)
	}
	msg := err.Error()
	if status >= 500 {
		msg = "internal error"
	}
	return c.Status(status).JSON(errorBody{Error: code, Message: msg})
}

func classify(err error) (int, string) {
	var fe *fiber.Error
	switch {
	case errors.As(err, &fe):
		return fe.Code, "request_error"
	case errors.Is(err, domain.ErrNotFound):
		return fiber.StatusNotFound, "not_found"
	case errors.Is(err, domain.ErrInvalid), errors.Is(err, domain.ErrBasketEmpty):
		return fiber.StatusUnprocessableEntity, "invalid"
	case errors.Is(err, domain.ErrIdempotencyReuse):
		return fiber.StatusUnprocessableEntity, "idempotency_key_reused"
	case errors.Is(err, domain.ErrRequestInProgress):
		return fiber.StatusConflict, "request_in_progress"
	case errors.Is(err, domain.ErrSlotFull):
		return fiber.StatusConflict, "slot_full"
	case errors.Is(err, domain.ErrSlotExpired):
		return fiber.StatusConflict, "slot_expired"
	case errors.Is(err, domain.ErrNotCancellable):
		return fiber.StatusConflict, "not_cancellable"
	case errors.Is(err, domain.ErrBasketClosed):
		return fiber.StatusConflict, "basket_closed"
	case errors.Is(err, domain.ErrInsufficientPts):
		return fiber.StatusConflict, "insufficient_points"
	case errors.Is(err, domain.ErrConflict), store.IsUniqueViolation(err):
		return fiber.StatusConflict, "conflict"
	case errors.Is(err, payments.ErrBadSignature):
		return fiber.StatusUnauthorized, "bad_signature"
	}
	var apiErr *payments.APIError
	if errors.As(err, &apiErr) {
		return fiber.StatusBadGateway, "payment_provider_error"
	}
	return fiber.StatusInternalServerError, "internal"
}

// Package httpx holds the transport glue shared by the public (fiber) API:
// the generic handler adapter, auth context helpers and middleware.
package httpx

import (
	"context"
	"errors"
	"log/slog"

	"github.com/gofiber/fiber/v2"

	"github.com/stagepass/ticketing/internal/apperr"
)

// Validator is implemented by request types that can check themselves.
type Validator interface {
	Validate() error
}

// Handle adapts a typed service call to a fiber.Handler. The request is built
// from the JSON body, the route params (`params:"..."` tags) and request
// headers (`reqHeader:"..."` tags), in that order.
func Handle[Req, Resp any](fn func(ctx context.Context, req Req) (Resp, error)) fiber.Handler {
	return HandleWithStatus(fiber.StatusOK, fn)
}

// Created is Handle for endpoints answering 201.
func Created[Req, Resp any](fn func(ctx context.Context, req Req) (Resp, error)) fiber.Handler {
	return HandleWithStatus(fiber.StatusCreated, fn)
}

// HandleWithStatus is Handle with an explicit success status.
func HandleWithStatus[Req, Resp any](status int, fn func(ctx context.Context, req Req) (Resp, error)) fiber.Handler {
	return func(c *fiber.Ctx) error {
		var req Req
		if len(c.Body()) > 0 {
			if err := c.BodyParser(&req); err != nil {
				return writeError(c, apperr.Invalid("malformed body: %v", err))
			}
		}
		if err := c.ParamsParser(&req); err != nil {
			return writeError(c, apperr.Invalid("bad path params: %v", err))
		}
		if err := c.ReqHeaderParser(&req); err != nil {
			return writeError(c, apperr.Invalid("bad headers: %v", err))
		}
		if v, ok := any(&req).(Validator); ok {
			if err := v.Validate(); err != nil {
				return writeError(c, apperr.Invalid("%v", err))
			}
		}
		resp, err := fn(c.UserContext(), req)
		if err != nil {
			return writeError(c, err)
		}
		return c.Status(status).JSON(resp)
	}
}

type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

func writeError(c *fiber.Ctx, err error) error {
	status := fiber.StatusInternalServerError
	switch apperr.KindOf(err) {
	case apperr.KindNotFound:
		status = fiber.StatusNotFound
	case apperr.KindConflict:
		status = fiber.StatusConflict
	case apperr.KindInvalid:
		status = fiber.StatusUnprocessableEntity
	case apperr.KindForbidden:
		status = fiber.StatusForbidden
	case apperr.KindGone:
		status = fiber.StatusGone
	}
	msg := err.Error()
	if status == fiber.StatusInternalServerError {
		slog.ErrorContext(c.UserContext(), "request failed", "path", c.Path(), "err", err)
		msg = "internal error"
	}
	var fe *fiber.Error
	if errors.As(err, &fe) {
		status, msg = fe.Code, fe.Message
	}
	return c.Status(status).JSON(errorBody{Error: msg, RequestID: RequestIDFrom(c.UserContext())})
}

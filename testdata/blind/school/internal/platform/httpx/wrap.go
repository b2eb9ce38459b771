// Package httpx adapts typed service functions to fiber handlers.
package httpx

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/lingua/academy/internal/platform/reqctx"
)

// Error is a typed API error carrying an HTTP status.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf constructors used across services.
func NotFound(msg string) error {
	return &Error{Status: http.StatusNotFound, Code: "not_found", Message: msg}
}
func Conflict(msg string) error {
	return &Error{Status: http.StatusConflict, Code: "conflict", Message: msg}
}
func BadRequest(msg string) error {
	return &Error{Status: http.StatusBadRequest, Code: "bad_request", Message: msg}
}
func Unprocessable(msg string) error {
	return &Error{Status: http.StatusUnprocessableEntity, Code: "unprocessable", Message: msg}
}

// Validator is implemented by request types that can check themselves.
type Validator interface {
	Validate() error
}

// Created marks a response that should be sent with 201.
type Created interface {
	CreatedResource() bool
}

// Wrap turns a typed handler into a fiber.Handler. The input is decoded from
// the JSON body (when present), then the route params and the query string,
// so path values win over body fields with the same tag.
func Wrap[In, Out any](h func(ctx context.Context, in In) (Out, error)) fiber.Handler {
	return func(c *fiber.Ctx) error {
		var in In
		if len(c.Body()) > 0 {
			if err := c.BodyParser(&in); err != nil {
				return BadRequest("invalid body: " + err.Error())
			}
		}
		if err := c.ParamsParser(&in); err != nil {
			return BadRequest("invalid path: " + err.Error())
		}
		if err := c.QueryParser(&in); err != nil {
			return BadRequest("invalid query: " + err.Error())
		}
		if v, ok := any(&in).(Validator); ok {
			if err := v.Validate(); err != nil {
				return BadRequest(err.Error())
			}
		}
		out, err := h(c.UserContext(), in)
		if err != nil {
			return err
		}
		status := http.StatusOK
		if cr, ok := any(out).(Created); ok && cr.CreatedResource() {
			status = http.StatusCreated
		}
		return c.Status(status).JSON(out)
	}
}

// RequestContext copies request metadata into the user context so that
// services and outbound clients can read it.
func RequestContext() fiber.Handler {
	return func(c *fiber.Ctx) error {
		ctx := c.UserContext()
		rid := c.Get("X-Request-Id")
		if rid == "" {
			rid = uuid.NewString()
		}
		c.Set("X-Request-Id", rid)
		ctx = reqctx.WithRequestID(ctx, rid)
		if key := c.Get("Idempotency-Key"); key != "" {
			ctx = reqctx.WithIdempotencyKey(ctx, key)
		}
		if staff := c.Get("X-Staff-Id"); staff != "" {
			ctx = reqctx.WithActor(ctx, reqctx.Actor{ID: staff, Role: c.Get("X-Staff-Role", "staff")})
		}
		c.SetUserContext(ctx)
		return c.Next()
	}
}

// ErrorHandler renders service errors as JSON.
func ErrorHandler(log *slog.Logger) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		var apiErr *Error
		if errors.As(err, &apiErr) {
			return c.Status(apiErr.Status).JSON(apiErr)
		}
		var fe *fiber.Error
		if errors.As(err, &fe) {
			return c.Status(fe.Code).JSON(&Error{Code: "http_error", Message: fe.Message})
		}
		log.ErrorContext(c.UserContext(), "request failed",
			"method", c.Method(), "path", c.Path(), "err", err,
			"request_id", reqctx.RequestID(c.UserContext()))
		return c.Status(http.StatusInternalServerError).JSON(&Error{Code: "internal", Message: "internal error"})
	}
}

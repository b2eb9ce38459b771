// Package httpapi assembles the echo server for the public API and the
// provider webhooks.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/service"
)

type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

// ErrorHandler maps service errors onto HTTP status codes.
func ErrorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status := http.StatusInternalServerError
		msg := "internal error"

		var he *echo.HTTPError
		switch {
		case errors.As(err, &he):
			status = he.Code
			if m, ok := he.Message.(string); ok {
				msg = m
			} else {
				msg = http.StatusText(status)
			}
		case errors.Is(err, service.ErrValidation), errors.Is(err, service.ErrIdempotencyKeyRequired):
			status, msg = http.StatusBadRequest, err.Error()
		case errors.Is(err, db.ErrNotFound):
			status, msg = http.StatusNotFound, "not found"
		case errors.Is(err, service.ErrNotRefundable), errors.Is(err, service.ErrInvalidState):
			status, msg = http.StatusConflict, err.Error()
		case errors.Is(err, service.ErrCycleClosed):
			status, msg = http.StatusUnprocessableEntity, err.Error()
		}

		rid, _ := c.Get(requestIDKey).(string)
		if status >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed",
				"method", c.Request().Method, "path", c.Path(), "request_id", rid, "err", err)
		}
		_ = c.JSON(status, errorBody{Error: msg, RequestID: rid})
	}
}

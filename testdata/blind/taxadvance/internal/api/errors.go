package api

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/refundbridge/advance/internal/command"
	"github.com/refundbridge/advance/internal/domain"
)

type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

var errorStatus = []struct {
	target error
	status int
	code   string
}{
	{domain.ErrNotFound, http.StatusNotFound, "not_found"},
	{domain.ErrUnauthorized, http.StatusUnauthorized, "unauthorized"},
	{domain.ErrValidation, http.StatusUnprocessableEntity, "validation_failed"},
	{command.ErrInvalid, http.StatusUnprocessableEntity, "validation_failed"},
	{domain.ErrIdempotencyReuse, http.StatusUnprocessableEntity, "idempotency_key_reused"},
	{domain.ErrActiveApplication, http.StatusConflict, "active_application_exists"},
	{domain.ErrInvalidState, http.StatusConflict, "invalid_state"},
	{domain.ErrConflict, http.StatusConflict, "conflict"},
}

// errorHandler renders domain errors as JSON and hides internals on 5xx.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, code, msg := http.StatusInternalServerError, "internal_error", "internal error"

		var he *echo.HTTPError
		if errors.As(err, &he) {
			status, code = he.Code, http.StatusText(he.Code)
			if m, ok := he.Message.(string); ok {
				msg = m
			} else {
				msg = http.StatusText(he.Code)
			}
		} else {
			for _, m := range errorStatus {
				if errors.Is(err, m.target) {
					status, code, msg = m.status, m.code, err.Error()
					break
				}
			}
		}
		if status >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed",
				"method", c.Request().Method, "path", c.Path(), "err", err)
		}
		var body errorBody
		body.Error.Code = code
		body.Error.Message = msg
		if err := c.JSON(status, body); err != nil {
			log.Warn("write error response", "err", err)
		}
	}
}

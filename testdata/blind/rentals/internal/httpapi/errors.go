package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/outbound"
	"github.com/gearloop/rentals/internal/service"
)

type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

var statusByError = []struct {
	err    error
	status int
}{
	{domain.ErrNotFound, http.StatusNotFound},
	{domain.ErrForbidden, http.StatusForbidden},
	{domain.ErrConflict, http.StatusConflict},
	{domain.ErrDatesUnavailable, http.StatusConflict},
	{domain.ErrAlreadyCancelled, http.StatusConflict},
	{domain.ErrInvalidState, http.StatusUnprocessableEntity},
	{domain.ErrKYCRequired, http.StatusForbidden},
	{service.ErrPayoutsNotReady, http.StatusConflict},
	{outbound.ErrBadSignature, http.StatusUnauthorized},
}

func newErrorHandler(log *slog.Logger) echo.HTTPErrorHandler {
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
			if s, ok := he.Message.(string); ok {
				msg = s
			}
		default:
			for _, m := range statusByError {
				if errors.Is(err, m.err) {
					status, msg = m.status, err.Error()
					break
				}
			}
		}
		rid, _ := c.Get(ctxRequestID).(string)
		if status >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed",
				"method", c.Request().Method, "path", c.Path(), "request_id", rid, "err", err)
		}
		_ = c.JSON(status, errorBody{Error: msg, RequestID: rid})
	}
}

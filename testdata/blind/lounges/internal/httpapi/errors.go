// Package httpapi is the echo transport: request binding, routes and error
// mapping. Handlers call service interfaces only.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/provider/payments"
	"github.com/aerolounge/loungepass/internal/service"
)

type errorBody struct {
	Error  string `json:"error"`
	Reason string `json:"reason,omitempty"`
}

// statusFor maps service errors to HTTP status codes.
func statusFor(err error) int {
	var denied *service.DeniedError
	switch {
	case errors.As(err, &denied):
		return http.StatusForbidden
	case errors.Is(err, domain.ErrValidation):
		return http.StatusBadRequest
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrInvalidState):
		return http.StatusConflict
	case errors.Is(err, domain.ErrInsufficient):
		return http.StatusPaymentRequired
	case errors.Is(err, domain.ErrLoungeAtCapacity):
		return http.StatusServiceUnavailable
	case errors.Is(err, payments.ErrCardDeclined):
		return http.StatusPaymentRequired
	}
	return http.StatusInternalServerError
}

// ErrorHandler renders errors as JSON and logs server-side failures.
func ErrorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		var he *echo.HTTPError
		if errors.As(err, &he) {
			msg, _ := he.Message.(string)
			if msg == "" {
				msg = http.StatusText(he.Code)
			}
			_ = c.JSON(he.Code, errorBody{Error: msg})
			return
		}
		code := statusFor(err)
		body := errorBody{Error: http.StatusText(code)}
		var denied *service.DeniedError
		if errors.As(err, &denied) {
			body.Reason = denied.Reason
		}
		if code >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed",
				"method", c.Request().Method, "path", c.Path(), "err", err)
		} else {
			body.Error = err.Error()
		}
		_ = c.JSON(code, body)
	}
}

func bad(msg string) error { return echo.NewHTTPError(http.StatusBadRequest, msg) }

package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/velvetchair/salon/internal/core/domain"
)

type errorBody struct {
	Error   string `json:"error"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message,omitempty"`
}

var statusFor = []struct {
	err    error
	status int
}{
	{domain.ErrNotFound, http.StatusNotFound},
	{domain.ErrSlotTaken, http.StatusConflict},
	{domain.ErrInvalidTransition, http.StatusConflict},
	{domain.ErrIdempotencyReuse, http.StatusUnprocessableEntity},
	{domain.ErrIdempotencyPending, http.StatusConflict},
	{domain.ErrInsufficientFunds, http.StatusUnprocessableEntity},
	{domain.ErrVoucherExpired, http.StatusUnprocessableEntity},
	{domain.ErrVoucherInactive, http.StatusUnprocessableEntity},
	{domain.ErrPaymentDeclined, http.StatusPaymentRequired},
	{domain.ErrNoPayoutAccount, http.StatusUnprocessableEntity},
	{domain.ErrValidation, http.StatusBadRequest},
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		var he *echo.HTTPError
		if errors.As(err, &he) {
			_ = c.JSON(he.Code, errorBody{Error: http.StatusText(he.Code), Message: errString(he.Message)})
			return
		}
		body := errorBody{Error: err.Error()}
		var ve *domain.ValidationError
		if errors.As(err, &ve) {
			body = errorBody{Error: "validation_failed", Field: ve.Field, Message: ve.Message}
		}
		for _, m := range statusFor {
			if errors.Is(err, m.err) {
				_ = c.JSON(m.status, body)
				return
			}
		}
		log.ErrorContext(c.Request().Context(), "unhandled error", "path", c.Path(), "err", err)
		_ = c.JSON(http.StatusInternalServerError, errorBody{Error: "internal_error"})
	}
}

func errString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

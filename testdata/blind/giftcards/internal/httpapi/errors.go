package httpapi

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/lumen-gift/giftcards/internal/payments"
	"github.com/lumen-gift/giftcards/internal/service"
)

type errorBody struct {
	Error     string `json:"error"`
	Field     string `json:"field,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

// errorHandler maps service errors to HTTP responses.
func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status := http.StatusInternalServerError
	body := errorBody{Error: "internal error", RequestID: requestIDFrom(c)}

	var he *echo.HTTPError
	var fe *service.FieldError
	switch {
	case errors.As(err, &he):
		status = he.Code
		if msg, ok := he.Message.(string); ok {
			body.Error = msg
		} else {
			body.Error = http.StatusText(he.Code)
		}
	case errors.As(err, &fe):
		status, body.Error, body.Field = http.StatusUnprocessableEntity, fe.Reason, fe.Field
	case errors.Is(err, service.ErrNotFound):
		status, body.Error = http.StatusNotFound, "not found"
	case errors.Is(err, service.ErrMerchantMismatched):
		status, body.Error = http.StatusNotFound, "not found"
	case errors.Is(err, service.ErrConflict),
		errors.Is(err, service.ErrInvalidState),
		errors.Is(err, service.ErrRequestInProgress):
		status, body.Error = http.StatusConflict, err.Error()
	case errors.Is(err, service.ErrIdempotencyReuse):
		status, body.Error = http.StatusUnprocessableEntity, err.Error()
	case errors.Is(err, service.ErrInsufficientFunds),
		errors.Is(err, service.ErrCardNotActive),
		errors.Is(err, service.ErrCardExpired):
		status, body.Error = http.StatusPaymentRequired, err.Error()
	case errors.Is(err, payments.ErrCardDeclined):
		status, body.Error = http.StatusPaymentRequired, err.Error()
	default:
		c.Logger().Error(err)
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(status)
		return
	}
	_ = c.JSON(status, body)
}

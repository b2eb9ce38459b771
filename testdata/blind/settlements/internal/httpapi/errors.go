package httpapi

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/idempotency"
	"github.com/trustwell/settlements/internal/providers/achpay"
	"github.com/trustwell/settlements/internal/service"
)

type errorBody struct {
	Error   string `json:"error"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// errorHandler maps domain errors onto HTTP status codes.
func errorHandler(log *zap.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, body := classify(err)
		if status >= 500 {
			log.Error("request failed",
				zap.String("method", c.Request().Method),
				zap.String("path", c.Path()),
				zap.Error(err))
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body)
	}
}

func classify(err error) (int, errorBody) {
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg, _ := he.Message.(string)
		return he.Code, errorBody{Error: http.StatusText(he.Code), Message: msg}
	}
	var ve *domain.ValidationError
	if errors.As(err, &ve) {
		return http.StatusUnprocessableEntity, errorBody{Error: "validation_failed", Field: ve.Field, Message: ve.Message}
	}
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound, errorBody{Error: "not_found", Message: err.Error()}
	case errors.Is(err, domain.ErrConflict), errors.Is(err, idempotency.ErrKeyReused):
		return http.StatusConflict, errorBody{Error: "conflict", Message: err.Error()}
	case errors.Is(err, idempotency.ErrInFlight):
		return http.StatusConflict, errorBody{Error: "in_progress", Message: err.Error()}
	case errors.Is(err, domain.ErrInvalidState):
		return http.StatusConflict, errorBody{Error: "invalid_state", Message: err.Error()}
	case errors.Is(err, domain.ErrInsufficientFunds):
		return http.StatusUnprocessableEntity, errorBody{Error: "insufficient_funds", Message: err.Error()}
	case errors.Is(err, domain.ErrUnbalancedJournal):
		return http.StatusUnprocessableEntity, errorBody{Error: "unbalanced_journal", Message: err.Error()}
	case errors.Is(err, service.ErrNoBankAccount):
		return http.StatusUnprocessableEntity, errorBody{Error: "no_bank_account", Message: err.Error()}
	case achpay.IsClientError(err):
		return http.StatusBadGateway, errorBody{Error: "payment_rejected", Message: err.Error()}
	}
	return http.StatusInternalServerError, errorBody{Error: "internal_error", Message: "internal error"}
}

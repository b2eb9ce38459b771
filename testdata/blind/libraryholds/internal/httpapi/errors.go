package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/provider/stripepay"
	"github.com/shelfwise-labs/branchline/internal/service/ebooks"
	"github.com/shelfwise-labs/branchline/internal/service/fines"
)

type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

var statusFor = []struct {
	err    error
	status int
}{
	{domain.ErrNotFound, http.StatusNotFound},
	{domain.ErrValidation, http.StatusBadRequest},
	{domain.ErrConflict, http.StatusConflict},
	{domain.ErrInvalidState, http.StatusConflict},
	{domain.ErrHoldLimit, http.StatusUnprocessableEntity},
	{domain.ErrNoPaymentCard, http.StatusUnprocessableEntity},
	{domain.ErrNothingToPay, http.StatusUnprocessableEntity},
	{domain.ErrRenewalLimit, http.StatusUnprocessableEntity},
	{stripepay.ErrCardDeclined, http.StatusPaymentRequired},
	{ebooks.ErrNoCopies, http.StatusConflict},
	{fines.ErrBadSignature, http.StatusBadRequest},
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status := http.StatusInternalServerError
		msg := "internal error"
		var he *echo.HTTPError
		if errors.As(err, &he) {
			status = he.Code
			if m, ok := he.Message.(string); ok {
				msg = m
			}
		} else {
			for _, m := range statusFor {
				if errors.Is(err, m.err) {
					status, msg = m.status, err.Error()
					break
				}
			}
		}
		reqID := c.Response().Header().Get(echo.HeaderXRequestID)
		if status >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed",
				"method", c.Request().Method, "path", c.Path(), "request_id", reqID, "err", err)
		}
		_ = c.JSON(status, errorBody{Error: msg, RequestID: reqID})
	}
}

package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/store"
)

type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

var errorStatus = []struct {
	err    error
	status int
	code   string
}{
	{domain.ErrNotFound, http.StatusNotFound, "not_found"},
	{domain.ErrInvalidInput, http.StatusUnprocessableEntity, "invalid_input"},
	{domain.ErrSoldOut, http.StatusConflict, "sold_out"},
	{domain.ErrAlreadyCancelled, http.StatusConflict, "already_cancelled"},
	{domain.ErrRegistrationCancelled, http.StatusConflict, "registration_cancelled"},
	{domain.ErrOrderNotPayable, http.StatusConflict, "order_not_payable"},
	{domain.ErrHoldExpired, http.StatusGone, "hold_expired"},
	{domain.ErrPaymentDeclined, http.StatusPaymentRequired, "payment_declined"},
	{domain.ErrConflict, http.StatusConflict, "conflict"},
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		var he *echo.HTTPError
		if errors.As(err, &he) {
			_ = c.JSON(he.Code, errorBody{Error: http.StatusText(he.Code), Code: "http"})
			return
		}
		for _, m := range errorStatus {
			if errors.Is(err, m.err) {
				_ = c.JSON(m.status, errorBody{Error: err.Error(), Code: m.code})
				return
			}
		}
		if store.IsDuplicate(err) {
			_ = c.JSON(http.StatusConflict, errorBody{Error: "duplicate", Code: "conflict"})
			return
		}
		log.ErrorContext(c.Request().Context(), "unhandled error", "err", err, "path", c.Path())
		_ = c.JSON(http.StatusInternalServerError, errorBody{Error: "internal error", Code: "internal"})
	}
}

func pathUUID(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, echo.NewHTTPError(http.StatusBadRequest)
	}
	return id, nil
}

func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest)
	}
	return v, nil
}

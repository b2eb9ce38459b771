package httpapi

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/store"
)

type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

var errorTable = []struct {
	err    error
	status int
	code   string
}{
	{domain.ErrNotFound, http.StatusNotFound, "not_found"},
	{domain.ErrInvalid, http.StatusBadRequest, "invalid"},
	{domain.ErrIdempotencyMismatch, http.StatusUnprocessableEntity, "idempotency_mismatch"},
	{domain.ErrAlreadyCancelled, http.StatusConflict, "already_cancelled"},
	{domain.ErrAlreadyVerified, http.StatusConflict, "already_verified"},
	{domain.ErrNotCancellable, http.StatusConflict, "not_cancellable"},
	{domain.ErrWrongState, http.StatusConflict, "wrong_state"},
	{domain.ErrNoRefillsRemaining, http.StatusUnprocessableEntity, "no_refills_remaining"},
	{domain.ErrPrescriptionExpired, http.StatusUnprocessableEntity, "prescription_expired"},
	{domain.ErrNoPaymentMethod, http.StatusUnprocessableEntity, "no_payment_method"},
	{domain.ErrConflict, http.StatusConflict, "conflict"},
}

// ErrorHandler maps domain errors to JSON responses.
func ErrorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		_ = c.JSON(he.Code, errorBody{Error: http.StatusText(he.Code), Code: "http"})
		if msg, ok := he.Message.(string); ok {
			c.Logger().Debug(msg)
		}
		return
	}
	for _, m := range errorTable {
		if errors.Is(err, m.err) {
			msg := err.Error()
			if store.IsDuplicate(err) {
				msg = "a record with these details already exists"
			}
			_ = c.JSON(m.status, errorBody{Error: msg, Code: m.code})
			return
		}
	}
	c.Logger().Error(err)
	_ = c.JSON(http.StatusInternalServerError, errorBody{Error: "internal error", Code: "internal"})
}

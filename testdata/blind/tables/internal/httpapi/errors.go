package httpapi

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablewise/reservations/internal/booking"
	"github.com/tablewise/reservations/internal/deposit"
	"github.com/tablewise/reservations/internal/payments"
	"github.com/tablewise/reservations/internal/payout"
	"github.com/tablewise/reservations/internal/restaurant"
	"github.com/tablewise/reservations/internal/store"
	"github.com/tablewise/reservations/internal/waitlist"
)

type errorBody struct {
	Error string `json:"error"`
}

var statusByError = []struct {
	err    error
	status int
}{
	{booking.ErrNotFound, http.StatusNotFound},
	{restaurant.ErrNotFound, http.StatusNotFound},
	{waitlist.ErrNotFound, http.StatusNotFound},
	{payout.ErrNotFound, http.StatusNotFound},
	{booking.ErrSlotTaken, http.StatusConflict},
	{booking.ErrKeyReused, http.StatusUnprocessableEntity},
	{booking.ErrRequestInFlight, http.StatusConflict},
	{booking.ErrNotCancellable, http.StatusConflict},
	{restaurant.ErrInvalidState, http.StatusConflict},
	{waitlist.ErrOfferUnavailable, http.StatusGone},
	{waitlist.ErrEntryClosed, http.StatusConflict},
	{booking.ErrSlotMismatch, http.StatusBadRequest},
	{booking.ErrPartyTooLarge, http.StatusBadRequest},
	{booking.ErrSlotInPast, http.StatusBadRequest},
	{booking.ErrDinerBlocked, http.StatusForbidden},
	{deposit.ErrNoDepositDue, http.StatusBadRequest},
	{deposit.ErrBookingClosed, http.StatusConflict},
	{deposit.ErrNoStripeProfile, http.StatusBadRequest},
	{payout.ErrZeroAmount, http.StatusBadRequest},
	{payments.ErrCardDeclined, http.StatusPaymentRequired},
}

// errorHandler maps domain errors to HTTP responses.
func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		_ = c.JSON(he.Code, errorBody{Error: http.StatusText(he.Code) + ": " + toString(he.Message)})
		return
	}
	for _, m := range statusByError {
		if errors.Is(err, m.err) {
			_ = c.JSON(m.status, errorBody{Error: m.err.Error()})
			return
		}
	}
	if store.IsNotFound(err) {
		_ = c.JSON(http.StatusNotFound, errorBody{Error: "not found"})
		return
	}
	loggerFrom(c).Error("unhandled error", "err", err)
	_ = c.JSON(http.StatusInternalServerError, errorBody{Error: "internal error"})
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

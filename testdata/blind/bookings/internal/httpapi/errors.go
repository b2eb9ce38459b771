package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/service/booking"
	"github.com/meridianrail/bookings/internal/service/hold"
	"github.com/meridianrail/bookings/internal/service/loyalty"
	"github.com/meridianrail/bookings/internal/service/notify"
	"github.com/meridianrail/bookings/internal/service/seatmap"
	svcticketing "github.com/meridianrail/bookings/internal/service/ticketing"
)

var errorStatus = []struct {
	err    error
	status int
}{
	{database.ErrNotFound, http.StatusNotFound},
	{booking.ErrBookingNotFound, http.StatusNotFound},
	{booking.ErrHoldNotFound, http.StatusNotFound},
	{notify.ErrBookingNotFound, http.StatusNotFound},
	{seatmap.ErrUnknownTrip, http.StatusNotFound},
	{loyalty.ErrUnknownMember, http.StatusNotFound},
	{svcticketing.ErrUnknownBooking, http.StatusNotFound},
	{booking.ErrIdempotencyKeyRequired, http.StatusBadRequest},
	{hold.ErrRequestKeyRequired, http.StatusBadRequest},
	{hold.ErrNoSeats, http.StatusBadRequest},
	{loyalty.ErrMissingReference, http.StatusBadRequest},
	{seatmap.ErrInvalidSeatState, http.StatusBadRequest},
	{booking.ErrIdempotencyKeyReused, http.StatusUnprocessableEntity},
	{notify.ErrKeyReused, http.StatusUnprocessableEntity},
	{booking.ErrRefundExceedsTotal, http.StatusUnprocessableEntity},
	{loyalty.ErrInsufficientPoints, http.StatusUnprocessableEntity},
	{booking.ErrHoldNotActive, http.StatusConflict},
	{booking.ErrNotCancellable, http.StatusConflict},
	{booking.ErrNoCapturedPayment, http.StatusConflict},
	{hold.ErrSeatsUnavailable, http.StatusConflict},
	{seatmap.ErrVersionConflict, http.StatusConflict},
	{seatmap.ErrSeatNotEditable, http.StatusConflict},
}

func writeError(c *gin.Context, log *slog.Logger, err error) {
	for _, e := range errorStatus {
		if errors.Is(err, e.err) {
			c.JSON(e.status, gin.H{"error": err.Error()})
			return
		}
	}
	log.ErrorContext(c.Request.Context(), "request failed",
		"path", c.FullPath(), "request_id", c.GetString(ctxRequestID), "err", err)
	c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
}

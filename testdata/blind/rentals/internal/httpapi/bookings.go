package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/gearloop/rentals/internal/service"
)

// BookingHandlers serves the booking lifecycle endpoints.
type BookingHandlers struct {
	bookings      service.Bookings
	cancellations service.Cancellations
}

// NewBookingHandlers builds the handler group.
func NewBookingHandlers(b service.Bookings, c service.Cancellations) *BookingHandlers {
	return &BookingHandlers{bookings: b, cancellations: c}
}

type bookingRequest struct {
	service.BookingRequestInput
}

func (r *bookingRequest) Validate() error {
	return required(map[string]string{
		"listing_id":        r.ListingID,
		"start_day":         r.StartDay,
		"end_day":           r.EndDay,
		"payment_method_id": r.PaymentMethodID,
	})
}

// Request handles POST /v1/booking-requests.
func (h *BookingHandlers) Request(c echo.Context) error {
	req, err := bind[bookingRequest](c)
	if err != nil {
		return err
	}
	b, err := h.bookings.Request(c.Request().Context(), userID(c), req.BookingRequestInput)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, b)
}

// Confirm handles POST /v1/bookings/:id/confirm.
func (h *BookingHandlers) Confirm(c echo.Context) error {
	b, err := h.bookings.Confirm(c.Request().Context(), userID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, b)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// Cancel handles POST /v1/bookings/:id/cancel.
func (h *BookingHandlers) Cancel(c echo.Context) error {
	req, err := bind[cancelRequest](c)
	if err != nil {
		return err
	}
	if req.Reason == "" {
		req.Reason = "unspecified"
	}
	res, err := h.cancellations.Cancel(c.Request().Context(), userID(c), c.Param("id"), req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

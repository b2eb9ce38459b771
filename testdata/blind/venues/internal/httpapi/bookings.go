package httpapi

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/vowhall/venues/internal/service"
)

type createBookingRequest struct {
	VenueID        uuid.UUID `json:"venue_id"`
	EventDate      string    `json:"event_date"`
	GuestCount     int       `json:"guest_count"`
	PrimaryName    string    `json:"primary_name"`
	PartnerName    string    `json:"partner_name"`
	Email          string    `json:"email"`
	Phone          string    `json:"phone"`
	CardCustomerID string    `json:"card_customer_id"`
	PaymentMethod  string    `json:"payment_method"`
}

// CreateBooking handles POST /v1/bookings.
func CreateBooking(svc BookingService) echo.HandlerFunc {
	return func(c echo.Context) error {
		req, err := bind[createBookingRequest](c)
		if err != nil {
			return err
		}
		date, err := parseDate("event_date", req.EventDate)
		if err != nil {
			return err
		}
		b, err := svc.Create(c.Request().Context(), service.CreateBookingInput{
			IdempotencyKey: c.Request().Header.Get(HeaderIdempotencyKey),
			VenueID:        req.VenueID,
			EventDate:      date,
			GuestCount:     req.GuestCount,
			PrimaryName:    req.PrimaryName,
			PartnerName:    req.PartnerName,
			Email:          req.Email,
			Phone:          req.Phone,
			CardCustomerID: req.CardCustomerID,
			PaymentMethod:  req.PaymentMethod,
		})
		if err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, b)
	}
}

// GetBooking handles GET /v1/bookings/:id.
func GetBooking(svc BookingService) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := pathUUID(c, "id")
		if err != nil {
			return err
		}
		view, err := svc.Get(c.Request().Context(), id)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, view)
	}
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// CancelBooking handles POST /v1/bookings/:id/cancel.
func CancelBooking(svc BookingService) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := pathUUID(c, "id")
		if err != nil {
			return err
		}
		req, err := bind[cancelRequest](c)
		if err != nil {
			return err
		}
		res, err := svc.Cancel(c.Request().Context(), id, req.Reason)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, res)
	}
}

// AddPackage handles POST /v1/bookings/:id/packages.
func AddPackage(svc PackageService) echo.HandlerFunc {
	return func(c echo.Context) error {
		bookingID, err := pathUUID(c, "id")
		if err != nil {
			return err
		}
		in, err := bind[service.AddPackageInput](c)
		if err != nil {
			return err
		}
		line, err := svc.Add(c.Request().Context(), bookingID, in)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, line)
	}
}

// RemovePackage handles DELETE /v1/bookings/:id/packages/:lineID.
func RemovePackage(svc PackageService) echo.HandlerFunc {
	return func(c echo.Context) error {
		bookingID, err := pathUUID(c, "id")
		if err != nil {
			return err
		}
		lineID, err := pathUUID(c, "lineID")
		if err != nil {
			return err
		}
		if err := svc.Remove(c.Request().Context(), bookingID, lineID); err != nil {
			return err
		}
		return c.NoContent(http.StatusNoContent)
	}
}

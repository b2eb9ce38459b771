package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/halcyonevents/confreg/internal/badges"
	"github.com/halcyonevents/confreg/internal/hotel"
)

type badgeHandlers struct {
	svc badges.Service
}

type reprintRequest struct {
	PrintName    string `json:"print_name"`
	PrintCompany string `json:"print_company"`
	Reason       string `json:"reason"`
}

func (h *badgeHandlers) reprint(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[reprintRequest](c)
	if err != nil {
		return err
	}
	b, err := h.svc.Reprint(c.Request().Context(), badges.ReprintInput{
		BadgeID:      id,
		PrintName:    body.PrintName,
		PrintCompany: body.PrintCompany,
		Reason:       body.Reason,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, b)
}

type hotelHandlers struct {
	svc hotel.Service
}

type roomRequest struct {
	CheckIn  string `json:"check_in"`
	CheckOut string `json:"check_out"`
	Guests   int    `json:"guests"`
}

func (h *hotelHandlers) request(c echo.Context) error {
	regID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[roomRequest](c)
	if err != nil {
		return err
	}
	in, err := time.Parse(time.DateOnly, body.CheckIn)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "check_in must be YYYY-MM-DD")
	}
	out, err := time.Parse(time.DateOnly, body.CheckOut)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "check_out must be YYYY-MM-DD")
	}
	req, err := h.svc.RequestRoom(c.Request().Context(), hotel.RoomInput{
		RegistrationID: regID,
		CheckIn:        in,
		CheckOut:       out,
		Guests:         body.Guests,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, req)
}

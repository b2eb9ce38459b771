package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/service"
)

type admitGuestRequest struct {
	GuestName string `json:"guest_name"`
}

func (h *handlers) admitGuest(c echo.Context) error {
	visitID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[admitGuestRequest](c)
	if err != nil {
		return err
	}
	a, err := h.svc.Guests.Admit(c.Request().Context(), service.AdmitGuestInput{
		VisitID:   visitID,
		GuestName: req.GuestName,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, a)
}

func (h *handlers) checkOut(c echo.Context) error {
	visitID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	v, err := h.svc.Access.CheckOut(c.Request().Context(), visitID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

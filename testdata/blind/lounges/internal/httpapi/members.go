package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/httpapi/middleware"
	"github.com/aerolounge/loungepass/internal/service"
)

type registerMemberRequest struct {
	Email    string `json:"email"`
	FullName string `json:"full_name"`
	Phone    string `json:"phone"`
}

func (h *handlers) registerMember(c echo.Context) error {
	req, err := bindJSON[registerMemberRequest](c)
	if err != nil {
		return err
	}
	m, err := h.svc.Members.Register(c.Request().Context(), service.RegisterMemberInput{
		Email:    req.Email,
		FullName: req.FullName,
		Phone:    req.Phone,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, m)
}

type linkCardRequest struct {
	NetworkToken string `json:"network_token"`
	Fingerprint  string `json:"fingerprint"`
	Brand        string `json:"brand"`
	Last4        string `json:"last4"`
}

func (h *handlers) linkCard(c echo.Context) error {
	memberID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	if memberID != middleware.MemberID(c) {
		return echo.NewHTTPError(http.StatusForbidden, "cannot link cards for another member")
	}
	req, err := bindJSON[linkCardRequest](c)
	if err != nil {
		return err
	}
	card, err := h.svc.Members.LinkCard(c.Request().Context(), service.LinkCardInput{
		MemberID:     memberID,
		NetworkToken: req.NetworkToken,
		Fingerprint:  req.Fingerprint,
		Brand:        req.Brand,
		Last4:        req.Last4,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, card)
}

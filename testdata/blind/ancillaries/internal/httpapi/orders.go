package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/skyway-air/ancillaries/internal/app"
)

// getOrder handles GET /v1/orders/:id.
func (s *Server) getOrder(c echo.Context) error {
	view, err := s.orderByID(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, view)
}

type confirmRequest struct {
	PaymentMethod string `json:"payment_method"`
}

// confirmPayment handles POST /v1/orders/:id/confirm.
func (s *Server) confirmPayment(c echo.Context) error {
	req, err := bind[confirmRequest](c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	cmd := app.ConfirmPayment{OrderID: c.Param("id"), PaymentMethod: req.PaymentMethod}
	if err := s.cmds.ConfirmPayment.Handle(ctx, cmd); err != nil {
		return err
	}
	view, err := s.orderByID(ctx, cmd.OrderID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, view)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// cancelItem handles POST /v1/orders/:id/items/:itemID/cancel.
func (s *Server) cancelItem(c echo.Context) error {
	req, err := bind[cancelRequest](c)
	if err != nil {
		return err
	}
	cmd := app.CancelItem{OrderID: c.Param("id"), ItemID: c.Param("itemID"), Reason: req.Reason}
	if err := s.cmds.CancelItem.Handle(c.Request().Context(), cmd); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}

type contactRequest struct {
	Email string `json:"email"`
	Phone string `json:"phone"`
}

// updateContact handles PUT /v1/orders/:id/contact.
func (s *Server) updateContact(c echo.Context) error {
	req, err := bind[contactRequest](c)
	if err != nil {
		return err
	}
	cmd := app.UpdateContact{OrderID: c.Param("id"), Email: req.Email, Phone: req.Phone}
	if err := s.cmds.UpdateContact.Handle(c.Request().Context(), cmd); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type resendRequest struct {
	Phone string `json:"phone"`
}

// resendConfirmation handles POST /v1/orders/:id/confirmation/resend.
func (s *Server) resendConfirmation(c echo.Context) error {
	req, err := bind[resendRequest](c)
	if err != nil {
		return err
	}
	cmd := app.ResendConfirmation{
		OrderID:        c.Param("id"),
		IdempotencyKey: idempotencyKey(c),
		Phone:          req.Phone,
	}
	if err := s.cmds.ResendConfirmation.Handle(c.Request().Context(), cmd); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}

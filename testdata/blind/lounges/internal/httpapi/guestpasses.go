package httpapi

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/httpapi/middleware"
	"github.com/aerolounge/loungepass/internal/service"
)

type purchaseGuestPassesRequest struct {
	MembershipID  uuid.UUID `json:"membership_id"`
	Quantity      int       `json:"quantity"`
	PaymentMethod string    `json:"payment_method"`
}

// purchaseGuestPasses runs behind the Idempotency middleware, which replays
// the first response for a repeated key.
func (h *handlers) purchaseGuestPasses(c echo.Context) error {
	req, err := bindJSON[purchaseGuestPassesRequest](c)
	if err != nil {
		return err
	}
	p, err := h.svc.Guests.PurchaseBundle(c.Request().Context(), service.PurchaseBundleInput{
		MembershipID:  req.MembershipID,
		Quantity:      req.Quantity,
		PaymentMethod: req.PaymentMethod,
		RequestKey:    c.Request().Header.Get(middleware.HeaderIdempotencyKey),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, p)
}

type transferRequest struct {
	MembershipID   uuid.UUID `json:"membership_id"`
	RecipientEmail string    `json:"recipient_email"`
}

func (h *handlers) transferGuestPass(c echo.Context) error {
	req, err := bindJSON[transferRequest](c)
	if err != nil {
		return err
	}
	t, err := h.svc.Guests.Transfer(c.Request().Context(), service.TransferInput{
		MembershipID:   req.MembershipID,
		RecipientEmail: req.RecipientEmail,
		RequestKey:     c.Request().Header.Get(middleware.HeaderIdempotencyKey),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, t)
}

type claimRequest struct {
	Code         string    `json:"code"`
	MembershipID uuid.UUID `json:"membership_id"`
}

func (h *handlers) claimGuestPass(c echo.Context) error {
	req, err := bindJSON[claimRequest](c)
	if err != nil {
		return err
	}
	t, err := h.svc.Guests.Claim(c.Request().Context(), service.ClaimInput{Code: req.Code, MembershipID: req.MembershipID})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

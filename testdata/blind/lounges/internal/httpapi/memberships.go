package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/httpapi/middleware"
	"github.com/aerolounge/loungepass/internal/service"
)

type purchaseMembershipRequest struct {
	PlanCode      string `json:"plan_code"`
	PaymentMethod string `json:"payment_method"`
	AutoRenew     *bool  `json:"auto_renew"`
}

// purchaseMembership starts a membership purchase. Clients must send an
// Idempotency-Key; the service stores it with the pending membership.
func (h *handlers) purchaseMembership(c echo.Context) error {
	req, err := bindJSON[purchaseMembershipRequest](c)
	if err != nil {
		return err
	}
	autoRenew := true
	if req.AutoRenew != nil {
		autoRenew = *req.AutoRenew
	}
	res, err := h.svc.Memberships.Purchase(c.Request().Context(), service.PurchaseMembershipInput{
		MemberID:      middleware.MemberID(c),
		PlanCode:      req.PlanCode,
		PaymentMethod: req.PaymentMethod,
		AutoRenew:     autoRenew,
		RequestKey:    c.Request().Header.Get(middleware.HeaderIdempotencyKey),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

type cancelMembershipRequest struct {
	Reason string `json:"reason"`
}

func (h *handlers) cancelMembership(c echo.Context) error {
	id, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[cancelMembershipRequest](c)
	if err != nil {
		return err
	}
	res, err := h.svc.Memberships.Cancel(c.Request().Context(), service.CancelMembershipInput{
		MembershipID: id,
		Reason:       req.Reason,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/acme/escrow/internal/escrow"
)

type createEscrowRequest struct {
	OrderID     string `json:"order_id"`
	SellerID    string `json:"seller_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

func (h *Handlers) createEscrow(c echo.Context) error {
	var req createEscrowRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	e, err := h.escrows.Create(c.Request().Context(), escrow.CreateInput{
		OrderID:     req.OrderID,
		BuyerID:     subject(c),
		SellerID:    req.SellerID,
		AmountCents: req.AmountCents,
		Currency:    req.Currency,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, e)
}

func (h *Handlers) getEscrow(c echo.Context) error {
	e, err := h.escrows.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, e)
}

type fundEscrowRequest struct {
	StripeCustomerID string `json:"stripe_customer_id"`
}

func (h *Handlers) fundEscrow(c echo.Context) error {
	var req fundEscrowRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	res, err := h.escrows.Fund(c.Request().Context(), c.Param("id"), req.StripeCustomerID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

func (h *Handlers) captureEscrow(c echo.Context) error {
	e, err := h.escrows.Capture(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, e)
}

func (h *Handlers) cancelEscrow(c echo.Context) error {
	e, err := h.escrows.Cancel(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, e)
}

func (h *Handlers) confirmReceipt(c echo.Context) error {
	e, err := h.escrows.ConfirmReceipt(c.Request().Context(), c.Param("id"), subject(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, e)
}

package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/fairwaylinks/teetimes/internal/service"
)

// GetAccount handles GET /v1/proshop/account.
func (h *Handler) GetAccount(c echo.Context) error {
	acct, err := h.proShop.Account(c.Request().Context(), memberID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id":                 acct.ID,
		"balance_cents":      acct.BalanceCents,
		"credit_limit_cents": acct.CreditLimitCents,
		"currency":           acct.Currency,
		"status":             acct.Status,
	})
}

type chargeAccountRequest struct {
	OrderRef    string `json:"order_ref"`
	AmountCents int64  `json:"amount_cents"`
	Description string `json:"description"`
}

// ChargeAccount handles POST /v1/proshop/account/charges: the online pro
// shop's "charge to my account" checkout.
func (h *Handler) ChargeAccount(c echo.Context) error {
	var req chargeAccountRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	res, err := h.proShop.ChargeAccount(c.Request().Context(), service.AccountChargeInput{
		RequestKey:  idempotencyKey(c),
		MemberID:    memberID(c),
		OrderRef:    req.OrderRef,
		AmountCents: req.AmountCents,
		Description: req.Description,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

// SettleTab handles POST /v1/proshop/account/settle.
func (h *Handler) SettleTab(c echo.Context) error {
	res, err := h.proShop.SettleTab(c.Request().Context(), memberID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

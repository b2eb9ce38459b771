package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/service"
)

// PayoutsHandler serves translator payout endpoints.
type PayoutsHandler struct {
	Payouts service.PayoutService
}

// RegisterAccount stores the translator's bank account and registers it with
// the payouts provider.
func (h *PayoutsHandler) RegisterAccount(c echo.Context) error {
	var in service.AccountInput
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	acct, err := h.Payouts.RegisterAccount(c.Request().Context(), principal(c).ID, in)
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id":         acct.ID,
		"iban_last4": acct.IBANLast4,
		"currency":   acct.Currency,
		"ready":      acct.ProviderRecipientID != "",
	})
}

type withdrawRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// Withdraw pays part of the available balance out now.
func (h *PayoutsHandler) Withdraw(c echo.Context) error {
	var in withdrawRequest
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	p, err := h.Payouts.Withdraw(c.Request().Context(), principal(c).ID, in.AmountCents)
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusAccepted, p)
}

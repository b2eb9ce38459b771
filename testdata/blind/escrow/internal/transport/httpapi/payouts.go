package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/acme/escrow/internal/ledger"
	"github.com/acme/escrow/internal/payout"
)

type instantPayoutRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

func (h *Handlers) instantPayout(c echo.Context) error {
	sellerID := c.Param("id")
	if sellerID != subject(c) {
		return echo.NewHTTPError(http.StatusForbidden)
	}
	var req instantPayoutRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	pr, err := h.payouts.RequestInstant(c.Request().Context(), payout.InstantInput{
		SellerID:       sellerID,
		AmountCents:    req.AmountCents,
		Currency:       req.Currency,
		IdempotencyKey: idempotencyKey(c),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, pr)
}

type adjustmentRequest struct {
	DebitAccount  string `json:"debit_account"`
	CreditAccount string `json:"credit_account"`
	AmountCents   int64  `json:"amount_cents"`
	Currency      string `json:"currency"`
	Memo          string `json:"memo"`
}

func (h *Handlers) postAdjustment(c echo.Context) error {
	var req adjustmentRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	entryID, err := h.ledger.PostAdjustment(c.Request().Context(), idempotencyKey(c), ledger.Adjustment{
		DebitAccount:  req.DebitAccount,
		CreditAccount: req.CreditAccount,
		AmountCents:   req.AmountCents,
		Currency:      req.Currency,
		Memo:          req.Memo,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"entry_id": entryID})
}

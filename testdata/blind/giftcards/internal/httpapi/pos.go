package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/lumen-gift/giftcards/internal/service"
)

// posHandler serves the online terminal API. Terminals are authenticated by
// terminalAuth; the merchant is always the terminal's merchant.
type posHandler struct {
	redemptions service.Redemptions
	loads       service.Loads
}

type redeemRequest struct {
	CardCode    string `json:"card_code"`
	PosTxnID    string `json:"pos_txn_id"`
	AmountCents int64  `json:"amount_cents"`
}

func (h *posHandler) redeem(c echo.Context) error {
	var req redeemRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	t := terminalFrom(c)
	res, err := h.redemptions.Redeem(c.Request().Context(), service.RedeemInput{
		MerchantID:  t.MerchantID,
		TerminalID:  t.ID,
		CardCode:    req.CardCode,
		PosTxnID:    req.PosTxnID,
		AmountCents: req.AmountCents,
	}, service.WithMerchantNotification(), service.WithSource("terminal-api"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

func (h *posHandler) refundRedemption(c echo.Context) error {
	t := terminalFrom(c)
	res, err := h.redemptions.RefundRedemption(c.Request().Context(), t.MerchantID, c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

func (h *posHandler) load(c echo.Context) error {
	var in service.LoadInput
	if err := c.Bind(&in); err != nil {
		return err
	}
	in.TerminalID = terminalFrom(c).ID
	res, err := h.loads.LoadAtTerminal(c.Request().Context(), in)
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if res.Duplicate {
		status = http.StatusOK
	}
	return c.JSON(status, res)
}

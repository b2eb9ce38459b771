package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/cyclegrid/bikeshare/internal/ids"
	"github.com/cyclegrid/bikeshare/internal/payments"
	"github.com/cyclegrid/bikeshare/internal/service"
)

type WalletHandler struct {
	wallet service.WalletService
	keys   ids.Generator
}

func NewWalletHandler(wallet service.WalletService) *WalletHandler {
	return &WalletHandler{wallet: wallet, keys: ids.UUIDs}
}

type topupRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// TopUp handles POST /v1/wallet/topups. The wallet is credited when Stripe
// reports the PaymentIntent as succeeded.
func (h *WalletHandler) TopUp(c echo.Context) error {
	var req topupRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	topup, err := h.wallet.TopUp(c.Request().Context(), riderID(c), req.AmountCents,
		payments.WithIdempotencyKey("topup-"+h.keys.New()))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{
		"topup_id":     topup.ID,
		"amount_cents": topup.AmountCents,
		"status":       topup.Status,
	})
}

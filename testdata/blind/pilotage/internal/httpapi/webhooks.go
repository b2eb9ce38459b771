package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harbourline-systems/pilotage/internal/billing"
	"github.com/harbourline-systems/pilotage/internal/config"
)

type Transfers interface {
	HandleTransfer(ctx context.Context, n billing.TransferNotification) error
}

// BankWebhook receives the bank's instant-transfer notifications. The
// bank redelivers a notification until it gets a 2xx, for up to 3 days.
type BankWebhook struct {
	transfers Transfers
	secret    []byte
}

func NewBankWebhook(t Transfers, cfg config.Config) *BankWebhook {
	return &BankWebhook{transfers: t, secret: []byte(cfg.BankWebhookSecret)}
}

func (h *BankWebhook) Routes() []Route {
	return []Route{
		{http.MethodPost, "/v1/webhooks/bank-transfers", h.receive},
	}
}

func (h *BankWebhook) receive(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if !h.validSignature(body, c.Request().Header.Get("X-Bank-Signature")) {
		return echo.NewHTTPError(http.StatusUnauthorized)
	}
	var n billing.TransferNotification
	if err := json.Unmarshal(body, &n); err != nil || n.NotificationID == "" {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err := h.transfers.HandleTransfer(c.Request().Context(), n); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

func (h *BankWebhook) validSignature(body []byte, header string) bool {
	want, err := hex.DecodeString(header)
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, h.secret)
	mac.Write(body)
	return hmac.Equal(mac.Sum(nil), want)
}

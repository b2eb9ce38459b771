package httpapi

import (
	"crypto/subtle"
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/amberfield-labs/honeycoop/internal/provider/bankpartner"
	"github.com/amberfield-labs/honeycoop/internal/service/invoicing"
	"github.com/amberfield-labs/honeycoop/internal/service/payouts"
)

type webhookHandler struct {
	payouts       payouts.Service
	invoicing     invoicing.Service
	bankSecret    string
	einvoiceToken string
}

// bank receives payout callbacks. The partner redelivers any callback that
// does not get a 2xx within ten seconds, for up to three days.
func (h *webhookHandler) bank(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if !bankpartner.VerifySignature(h.bankSecret, body, c.Request().Header.Get("X-Bank-Signature")) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var ev payouts.BankEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
	}
	if err := h.payouts.HandleBankEvent(c.Request().Context(), ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// einvoice receives document status callbacks from the e-invoicing network,
// which retries with backoff until it gets a 2xx.
func (h *webhookHandler) einvoice(c echo.Context) error {
	token := c.Request().Header.Get("X-Network-Token")
	if subtle.ConstantTimeCompare([]byte(token), []byte(h.einvoiceToken)) != 1 {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad token")
	}
	var ev invoicing.NetworkEvent
	if err := bindJSON(c, &ev); err != nil {
		return err
	}
	if err := h.invoicing.HandleNetworkEvent(c.Request().Context(), ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/halcyonevents/confreg/internal/badges"
	"github.com/halcyonevents/confreg/internal/providers/cardpay"
	"github.com/halcyonevents/confreg/internal/providers/printshop"
)

type webhookHandlers struct {
	cards       CardWebhooks
	badges      badges.Service
	cardSecret  string
	printSecret string
	log         *slog.Logger

	verifyCard   func(secret string, body []byte, signature string) error
	readLimitKiB int64
}

func (h *webhookHandlers) read(c echo.Context) ([]byte, error) {
	return io.ReadAll(io.LimitReader(c.Request().Body, h.readLimitKiB<<10))
}

// cardpay receives CardPay events. A non-2xx makes CardPay re-post the same
// event with backoff for up to three days.
func (h *webhookHandlers) cardpay(c echo.Context) error {
	body, err := h.read(c)
	if err != nil {
		return err
	}
	if err := h.verifyCard(h.cardSecret, body, c.Request().Header.Get("CardPay-Signature")); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized)
	}
	var ev cardpay.WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err := h.cards.Process(c.Request().Context(), ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// printshop receives Inkwell job callbacks, which Inkwell repeats until it
// gets a 2xx.
func (h *webhookHandlers) printshop(c echo.Context) error {
	body, err := h.read(c)
	if err != nil {
		return err
	}
	if err := printshop.VerifyCallback(h.printSecret, body, c.Request().Header.Get("X-Inkwell-Signature")); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized)
	}
	var cb printshop.Callback
	if err := json.Unmarshal(body, &cb); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err := h.badges.HandleCallback(c.Request().Context(), cb); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

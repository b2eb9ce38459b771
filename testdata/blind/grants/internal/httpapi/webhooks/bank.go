package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

// BankHandler receives the bank partner's transfer webhooks. The partner
// redelivers with exponential backoff until it gets a 2xx.
type BankHandler struct {
	Payouts service.PayoutService
	Events  repo.BankEvents
	Secret  []byte
	Log     *slog.Logger
}

func (h *BankHandler) verify(body []byte, sig string) bool {
	mac := hmac.New(sha256.New, h.Secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}

// Handle handles POST /webhooks/bank.
func (h *BankHandler) Handle(c echo.Context) error {
	ctx := c.Request().Context()
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if !h.verify(body, c.Request().Header.Get("X-Bank-Signature")) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var ev service.BankEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
	}

	seen, err := h.Events.Seen(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return c.NoContent(http.StatusOK)
	}

	if err := h.Payouts.ApplyBankEvent(ctx, ev); err != nil {
		h.Log.ErrorContext(ctx, "bank event failed", "event_id", ev.ID, "type", ev.Type, "err", err)
		return c.NoContent(http.StatusInternalServerError)
	}

	if err := h.Events.Record(ctx, ev.ID, ev.Type); err != nil {
		h.Log.ErrorContext(ctx, "could not record bank event", "event_id", ev.ID, "err", err)
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusOK)
}

package webhooks

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/civicfund/grants/internal/service"
)

type mailerEvent struct {
	Type      string `json:"type"`
	Recipient string `json:"recipient"`
	Reason    string `json:"reason"`
	MessageID string `json:"message_id"`
}

// EmailEventsHandler returns the handler for POST /webhooks/email, which the
// e-mail provider calls (and retries) with batches of delivery events.
func EmailEventsHandler(donors service.DonorService, token string) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.QueryParam("token") != token {
			return echo.NewHTTPError(http.StatusUnauthorized, "bad token")
		}
		raw, err := io.ReadAll(c.Request().Body)
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
		}
		var events []mailerEvent
		if err := json.Unmarshal(raw, &events); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed events")
		}
		for _, ev := range events {
			if ev.Type != "bounce" && ev.Type != "complaint" {
				continue
			}
			one, _ := json.Marshal(ev)
			if err := donors.RecordBounce(c.Request().Context(), service.EmailBounce{
				Email:  ev.Recipient,
				Reason: ev.Type + ": " + ev.Reason,
				Raw:    one,
			}); err != nil {
				return err
			}
		}
		return c.NoContent(http.StatusNoContent)
	}
}

package rest

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/provider/tillpoint"
)

const signatureTolerance = 5 * time.Minute

// tillpointWebhook receives Tillpoint events. Tillpoint redelivers any
// event that does not get a 2xx within 10 seconds, for up to three days.
func (h *Handlers) tillpointWebhook(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if err := tillpoint.VerifySignature(h.webhookSecret, c.Request().Header.Get("Tillpoint-Signature"), body, signatureTolerance); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, err.Error())
	}
	var evt tillpoint.WebhookEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
	}
	if err := h.payments.Handle(c.Request().Context(), evt); err != nil {
		if errors.Is(err, domain.ErrInvalid) {
			// Redelivering a payload we can't parse won't help.
			h.log.WarnContext(c.Request().Context(), "dropping tillpoint event", "event_id", evt.ID, "err", err)
			return c.NoContent(http.StatusOK)
		}
		return err
	}
	return c.NoContent(http.StatusOK)
}

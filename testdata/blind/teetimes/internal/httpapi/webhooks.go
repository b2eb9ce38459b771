package httpapi

import (
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82/webhook"
	"go.uber.org/zap"
)

const maxWebhookBody = 256 << 10

// StripeWebhook handles POST /v1/webhooks/stripe. A non-2xx response makes
// Stripe resend the event with back-off for up to three days.
func (h *Handler) StripeWebhook(c echo.Context) error {
	payload, err := io.ReadAll(io.LimitReader(c.Request().Body, maxWebhookBody))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	evt, err := webhook.ConstructEventWithOptions(payload, c.Request().Header.Get("Stripe-Signature"), h.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		h.log.Warn("rejected stripe webhook", zap.Error(err))
		return echo.NewHTTPError(http.StatusBadRequest, "invalid signature")
	}
	if err := h.paymentEvents.Handle(c.Request().Context(), evt); err != nil {
		h.log.Error("stripe event failed", zap.String("event_id", evt.ID), zap.String("type", string(evt.Type)), zap.Error(err))
		return echo.NewHTTPError(http.StatusInternalServerError, "event not processed")
	}
	return c.NoContent(http.StatusOK)
}

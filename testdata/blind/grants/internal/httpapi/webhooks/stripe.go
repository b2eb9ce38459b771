// Package webhooks holds the echo handlers for provider webhooks.
package webhooks

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/civicfund/grants/internal/service"
)

// StripeHandler receives Stripe webhooks. Stripe retries any delivery that
// does not get a 2xx within its timeout, for up to three days.
type StripeHandler struct {
	Events service.PaymentEventService
	Secret string
	Log    *slog.Logger
}

// Handle handles POST /webhooks/stripe.
func (h *StripeHandler) Handle(c echo.Context) error {
	payload, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	evt, err := webhook.ConstructEventWithOptions(payload, c.Request().Header.Get("Stripe-Signature"), h.Secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid signature")
	}

	pe := service.PaymentEvent{ID: evt.ID, Type: string(evt.Type)}
	if strings.HasPrefix(pe.Type, "payment_intent.") && evt.Data != nil {
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed payment_intent")
		}
		pe.IntentID = pi.ID
		pe.AmountCents = pi.Amount
		pe.Currency = string(pi.Currency)
	}

	if err := h.Events.HandlePaymentEvent(c.Request().Context(), pe); err != nil {
		h.Log.ErrorContext(c.Request().Context(), "stripe event failed", "event_id", evt.ID, "type", evt.Type, "err", err)
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusOK)
}

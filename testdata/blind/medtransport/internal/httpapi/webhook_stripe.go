package httpapi

import (
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/carelift-health/nemt/internal/webhooks"
)

// stripeWebhook receives Stripe events. Stripe retries any delivery that
// does not get a 2xx, for up to three days.
type stripeWebhook struct {
	copays CopayService
	events webhooks.EventLog
	secret string
}

func (h *stripeWebhook) handle(c echo.Context) error {
	ctx := c.Request().Context()
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "read body")
	}
	evt, err := webhook.ConstructEvent(body, c.Request().Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}

	seen, err := h.events.Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return c.NoContent(http.StatusOK)
	}

	switch evt.Type {
	case stripe.EventTypePaymentIntentSucceeded:
		pi, err := webhooks.PaymentIntentFrom(evt)
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, err.Error())
		}
		if err := h.copays.RecordPayment(ctx, pi.ID, pi.AmountReceived); err != nil {
			return err
		}
	default:
		loggerFrom(ctx).Debug("ignoring stripe event", "type", evt.Type)
	}

	if err := h.events.Record(ctx, evt.ID, string(evt.Type)); err != nil {
		loggerFrom(ctx).Warn("record stripe event", "event", evt.ID, "err", err)
	}
	return c.NoContent(http.StatusOK)
}

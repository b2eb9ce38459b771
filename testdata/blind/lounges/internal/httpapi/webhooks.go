package httpapi

import (
	"context"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"

	"github.com/aerolounge/loungepass/internal/provider/payments"
)

const maxWebhookBody = 64 << 10

// readStripeEvent verifies the signature and decodes the event.
func readStripeEvent(c echo.Context, v *payments.WebhookVerifier) (stripe.Event, error) {
	payload, err := io.ReadAll(io.LimitReader(c.Request().Body, maxWebhookBody))
	if err != nil {
		return stripe.Event{}, bad("unreadable body")
	}
	evt, err := v.Verify(payload, c.Request().Header.Get("Stripe-Signature"))
	if err != nil {
		return stripe.Event{}, echo.NewHTTPError(http.StatusBadRequest, "invalid signature")
	}
	return evt, nil
}

func (h *handlers) stripeWebhook(c echo.Context, v *payments.WebhookVerifier, handle func(context.Context, stripe.Event) error) error {
	evt, err := readStripeEvent(c, v)
	if err != nil {
		return err
	}
	if err := handle(c.Request().Context(), evt); err != nil {
		h.log.ErrorContext(c.Request().Context(), "stripe webhook failed", "event", evt.ID, "type", evt.Type, "err", err)
		// Non-2xx makes Stripe retry with backoff.
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusOK)
}

func (h *handlers) stripePayments(c echo.Context) error {
	return h.stripeWebhook(c, h.opt.PaymentsWebhook, h.svc.PaymentWebhooks.HandlePaymentEvent)
}

func (h *handlers) stripeBilling(c echo.Context) error {
	return h.stripeWebhook(c, h.opt.BillingWebhook, h.svc.BillingWebhooks.HandleBillingEvent)
}

package httpapi

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/courier"
	"github.com/gearloop/rentals/internal/kyc"
	"github.com/gearloop/rentals/internal/service"
)

// WebhookHandlers receives provider callbacks. Each provider retries a
// delivery until it gets a 2xx response.
type WebhookHandlers struct {
	cfg        *config.Config
	payments   service.PaymentEvents
	deliveries service.Deliveries
	identity   service.Identity
	log        *slog.Logger
}

// NewWebhookHandlers builds the handler group.
func NewWebhookHandlers(cfg *config.Config, p service.PaymentEvents, d service.Deliveries,
	i service.Identity, log *slog.Logger) *WebhookHandlers {
	return &WebhookHandlers{cfg: cfg, payments: p, deliveries: d, identity: i, log: log}
}

func readBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusBadRequest, "unreadable body").SetInternal(err)
	}
	return body, nil
}

// Stripe handles POST /webhooks/stripe.
func (h *WebhookHandlers) Stripe(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	ev, err := webhook.ConstructEventWithOptions(body, c.Request().Header.Get("Stripe-Signature"),
		h.cfg.StripeWebhookSecret, webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid signature").SetInternal(err)
	}
	if err := h.payments.Apply(c.Request().Context(), ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// Courier handles POST /webhooks/courier.
func (h *WebhookHandlers) Courier(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	ev, err := courier.ParseWebhook(h.cfg.CourierWebhookSecret, c.Request().Header, body)
	if err != nil {
		return err
	}
	if err := h.deliveries.ApplyCourierEvent(c.Request().Context(), ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// KYC handles POST /webhooks/kyc.
func (h *WebhookHandlers) KYC(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	d, err := kyc.ParseWebhook(h.cfg.KYCWebhookSecret, c.Request().Header, body)
	if err != nil {
		return err
	}
	if err := h.identity.RecordDecision(c.Request().Context(), d); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

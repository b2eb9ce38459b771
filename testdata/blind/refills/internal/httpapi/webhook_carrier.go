package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/scriptline/refills/internal/carrier"
	"github.com/scriptline/refills/internal/service"
)

// CarrierWebhookSecret signs the carrier's tracking pushes.
type CarrierWebhookSecret string

// CarrierWebhook receives the carrier's tracking and exception feeds. The
// carrier retries a push with backoff until it gets a 2xx.
type CarrierWebhook struct {
	secret string
	events service.CarrierEventService
}

func NewCarrierWebhook(secret CarrierWebhookSecret, events service.CarrierEventService) *CarrierWebhook {
	return &CarrierWebhook{secret: string(secret), events: events}
}

func (w *CarrierWebhook) read(c echo.Context) (*carrier.WebhookEvent, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 256<<10))
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusBadRequest)
	}
	if err := carrier.VerifySignature(w.secret, body, c.Request().Header.Get("X-Carrier-Signature")); err != nil {
		return nil, echo.NewHTTPError(http.StatusUnauthorized)
	}
	var e carrier.WebhookEvent
	if err := json.Unmarshal(body, &e); err != nil || e.EventID == "" || e.TrackingNumber == "" {
		return nil, echo.NewHTTPError(http.StatusBadRequest, "malformed tracking event")
	}
	return &e, nil
}

func (w *CarrierWebhook) serve(c echo.Context, fn func(context.Context, carrier.WebhookEvent) error) error {
	e, err := w.read(c)
	if err != nil {
		return err
	}
	if err := fn(c.Request().Context(), *e); err != nil {
		c.Logger().Errorf("carrier event %s: %v", e.EventID, err)
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusOK)
}

// Tracking handles POST /webhooks/carrier/tracking.
func (w *CarrierWebhook) Tracking(c echo.Context) error {
	return w.serve(c, w.events.TrackingUpdated)
}

// Exceptions handles POST /webhooks/carrier/exceptions.
func (w *CarrierWebhook) Exceptions(c echo.Context) error {
	return w.serve(c, w.events.Exception)
}

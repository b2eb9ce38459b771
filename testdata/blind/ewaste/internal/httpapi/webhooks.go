package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/provider/carrier"
	"github.com/circuitback/buyback/internal/provider/marketplace"
	"github.com/circuitback/buyback/internal/provider/payouts"
)

type (
	trackingApplier interface {
		Apply(ctx context.Context, ev carrier.TrackingEvent, raw []byte) error
	}
	payoutEventApplier interface {
		ApplyProviderEvent(ctx context.Context, ev payouts.Event, raw []byte) error
	}
	orderIngester interface {
		HandleOrderCreated(ctx context.Context, ev marketplace.OrderEvent) (*model.SalesOrder, error)
		HandleOrderCancelled(ctx context.Context, ev marketplace.OrderEvent, raw []byte) error
	}
)

// WebhookSecrets are the shared HMAC secrets per provider.
type WebhookSecrets struct {
	Carrier     string
	Payouts     string
	Marketplace string
}

// WebhookHandlers receive provider callbacks. Each provider resends until
// it gets a 2xx, so handlers answer 2xx only once the event is applied.
type WebhookHandlers struct {
	tracking trackingApplier
	payouts  payoutEventApplier
	orders   orderIngester
	secrets  WebhookSecrets
	now      func() time.Time
}

func NewWebhookHandlers(tracking trackingApplier, p payoutEventApplier, orders orderIngester, secrets WebhookSecrets) *WebhookHandlers {
	return &WebhookHandlers{tracking: tracking, payouts: p, orders: orders, secrets: secrets, now: time.Now}
}

func readBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	return body, nil
}

func decode[T any](body []byte) (T, error) {
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed event")
	}
	return v, nil
}

var errBadSignature = echo.NewHTTPError(http.StatusUnauthorized, "bad signature")

// carrierTracking handles POST /webhooks/carrier.
func (h *WebhookHandlers) carrierTracking(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	if !carrier.VerifySignature(h.secrets.Carrier, body, c.Request().Header.Get("X-ParcelRoute-Signature")) {
		return errBadSignature
	}
	ev, err := decode[carrier.TrackingEvent](body)
	if err != nil {
		return err
	}
	if ev.EventID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "event_id missing")
	}
	if err := h.tracking.Apply(c.Request().Context(), ev, body); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// payoutsEvent handles POST /webhooks/payouts.
func (h *WebhookHandlers) payoutsEvent(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	if !payouts.VerifySignature(h.secrets.Payouts, body, c.Request().Header.Get("Payouts-Signature"), h.now()) {
		return errBadSignature
	}
	ev, err := decode[payouts.Event](body)
	if err != nil {
		return err
	}
	if err := h.payouts.ApplyProviderEvent(c.Request().Context(), ev, body); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// marketplaceOrders handles POST /webhooks/marketplace/orders.
func (h *WebhookHandlers) marketplaceOrders(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	if !marketplace.VerifySignature(h.secrets.Marketplace, body, c.Request().Header.Get("X-RefurbMart-Hmac")) {
		return errBadSignature
	}
	ev, err := decode[marketplace.OrderEvent](body)
	if err != nil {
		return err
	}
	if ev.Type != "order.created" {
		slog.InfoContext(c.Request().Context(), "ignoring marketplace order event", "type", ev.Type)
		return c.NoContent(http.StatusOK)
	}
	order, err := h.orders.HandleOrderCreated(c.Request().Context(), ev)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"order_id": order.ID.String()})
}

// marketplaceCancellations handles POST /webhooks/marketplace/cancellations.
func (h *WebhookHandlers) marketplaceCancellations(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	if !marketplace.VerifySignature(h.secrets.Marketplace, body, c.Request().Header.Get("X-RefurbMart-Hmac")) {
		return errBadSignature
	}
	ev, err := decode[marketplace.OrderEvent](body)
	if err != nil {
		return err
	}
	if err := h.orders.HandleOrderCancelled(c.Request().Context(), ev, body); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

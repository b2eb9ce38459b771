package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"

	"github.com/shelfwise-labs/branchline/internal/provider/distributor"
)

// StripeEvents verifies and applies Stripe webhook events.
type StripeEvents interface {
	ParseStripeEvent(payload []byte, signature string) (stripe.Event, error)
	ApplyStripeEvent(ctx context.Context, evt stripe.Event) error
}

// EventLog records Stripe events that were applied.
type EventLog interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}

// DistributorEvents applies distributor callbacks.
type DistributorEvents interface {
	HandleEvent(ctx context.Context, evt distributor.Event) error
}

// WebhookHandler serves the partner callbacks. Both partners redeliver
// anything that does not get a 2xx: Stripe for up to three days, the
// distributor every ten minutes for a day.
type WebhookHandler struct {
	stripe        StripeEvents
	stripeLog     EventLog
	distributor   DistributorEvents
	partnerSecret []byte
}

// NewWebhookHandler returns the webhook routes.
func NewWebhookHandler(s StripeEvents, log EventLog, d DistributorEvents, partnerSecret string) *WebhookHandler {
	return &WebhookHandler{stripe: s, stripeLog: log, distributor: d, partnerSecret: []byte(partnerSecret)}
}

// Stripe handles POST /webhooks/stripe.
func (h *WebhookHandler) Stripe(c echo.Context) error {
	payload, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	evt, err := h.stripe.ParseStripeEvent(payload, c.Request().Header.Get("Stripe-Signature"))
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	seen, err := h.stripeLog.Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return c.NoContent(http.StatusOK)
	}
	if err := h.stripe.ApplyStripeEvent(ctx, evt); err != nil {
		return err
	}
	if err := h.stripeLog.MarkProcessed(ctx, evt.ID, string(evt.Type)); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// Distributor handles POST /webhooks/distributor.
func (h *WebhookHandler) Distributor(c echo.Context) error {
	payload, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if !h.validPartnerSignature(payload, c.Request().Header.Get("X-Partner-Signature")) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var evt distributor.Event
	if err := json.Unmarshal(payload, &evt); err != nil || evt.EventID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid event")
	}
	if err := h.distributor.HandleEvent(c.Request().Context(), evt); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *WebhookHandler) validPartnerSignature(payload []byte, sig string) bool {
	mac := hmac.New(sha256.New, h.partnerSecret)
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}

package httpapi

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/kerfhall/makerspace/internal/provider/cardproc"
	"github.com/kerfhall/makerspace/internal/provider/doorctl"
)

// CardEventHandler applies card processor events.
type CardEventHandler interface {
	HandleProcessorEvent(ctx context.Context, evt *cardproc.Event) error
}

// DoorEventHandler applies door vendor events.
type DoorEventHandler interface {
	HandleVendorEvent(ctx context.Context, evt *doorctl.Event) error
}

// WebhookHandlers verifies and dispatches provider webhooks. A non-2xx answer
// makes the provider resend the same event later.
type WebhookHandlers struct {
	card     *cardproc.Client
	door     *doorctl.Client
	cardSink CardEventHandler
	doorSink DoorEventHandler
	now      func() time.Time
}

// NewWebhookHandlers builds the webhook handlers.
func NewWebhookHandlers(card *cardproc.Client, door *doorctl.Client, cardSink CardEventHandler, doorSink DoorEventHandler, now func() time.Time) *WebhookHandlers {
	return &WebhookHandlers{card: card, door: door, cardSink: cardSink, doorSink: doorSink, now: now}
}

const maxWebhookBody = 256 << 10

// CardProcessor handles POST /v1/webhooks/cardproc.
func (w *WebhookHandlers) CardProcessor(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	evt, err := w.card.ParseWebhook(body, c.GetHeader("Cardproc-Signature"), w.now())
	if err != nil {
		status := http.StatusBadRequest
		if errors.Is(err, cardproc.ErrBadSignature) {
			status = http.StatusUnauthorized
		}
		c.Status(status)
		return
	}
	if err := w.cardSink.HandleProcessorEvent(c.Request.Context(), evt); err != nil {
		slog.ErrorContext(c.Request.Context(), "card webhook", "event", evt.ID, "type", evt.Type, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

// DoorVendor handles POST /v1/webhooks/doorctl.
func (w *WebhookHandlers) DoorVendor(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	evt, err := w.door.ParseWebhook(body, c.GetHeader("X-Doorctl-Signature"))
	if err != nil {
		c.Status(http.StatusUnauthorized)
		return
	}
	if err := w.doorSink.HandleVendorEvent(c.Request.Context(), evt); err != nil {
		slog.ErrorContext(c.Request.Context(), "door webhook", "event", evt.EventID, "err", err)
		c.Status(http.StatusServiceUnavailable)
		return
	}
	c.Status(http.StatusNoContent)
}

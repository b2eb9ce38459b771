package httpapi

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/acornlane-childcare/nursery/internal/provider/directdebit"
)

// WebhookEventLog remembers applied payment events.
type WebhookEventLog interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, resource string) error
}

type PaymentEvents interface {
	PaymentFailed(ctx context.Context, ev directdebit.Event) error
	PaymentConfirmed(ctx context.Context, ev directdebit.Event) error
}

type MandateEvents interface {
	HandleEvent(ctx context.Context, ev directdebit.Event) error
}

// WebhookHandler receives the payments partner's webhooks. The partner
// resends a whole delivery, with the same event ids, until it gets a 2xx.
type WebhookHandler struct {
	secret   string
	seen     WebhookEventLog
	payments PaymentEvents
	mandates MandateEvents
	log      *slog.Logger
}

func NewWebhookHandler(secret WebhookSecret, seen WebhookEventLog, payments PaymentEvents, mandates MandateEvents, log *slog.Logger) *WebhookHandler {
	return &WebhookHandler{secret: string(secret), seen: seen, payments: payments, mandates: mandates, log: log}
}

// WebhookSecret is the shared HMAC secret for partner webhooks.
type WebhookSecret string

// DirectDebit handles POST /webhooks/directdebit.
func (h *WebhookHandler) DirectDebit(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	evs, err := directdebit.ParseWebhook(h.secret, body, c.GetHeader("Webhook-Signature"))
	if errors.Is(err, directdebit.ErrBadSignature) {
		c.Status(http.StatusUnauthorized)
		return
	}
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}

	ctx := c.Request.Context()
	for _, ev := range evs {
		var err error
		switch ev.ResourceType {
		case "mandates":
			err = h.mandates.HandleEvent(ctx, ev)
		case "payments":
			err = h.handlePayment(ctx, ev)
		default:
			h.log.DebugContext(ctx, "ignoring webhook event", "resource", ev.ResourceType, "action", ev.Action)
		}
		if err != nil {
			h.log.ErrorContext(ctx, "webhook event failed", "event_id", ev.ID, "err", err)
			c.Status(http.StatusInternalServerError)
			return
		}
	}
	c.Status(http.StatusNoContent)
}

func (h *WebhookHandler) handlePayment(ctx context.Context, ev directdebit.Event) error {
	seen, err := h.seen.Seen(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	switch ev.Action {
	case "failed", "charged_back":
		err = h.payments.PaymentFailed(ctx, ev)
	case "confirmed", "paid_out":
		err = h.payments.PaymentConfirmed(ctx, ev)
	default:
		return nil
	}
	if err != nil {
		return err
	}
	return h.seen.MarkProcessed(ctx, ev.ID, ev.ResourceType)
}

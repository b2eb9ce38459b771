package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/owners"
)

type eventHandler func(ctx context.Context, ev stripe.Event) error

// WebhookHandler verifies Stripe webhooks and dispatches them by type.
type WebhookHandler struct {
	db       *bun.DB
	secret   string
	events   *EventLog
	dir      owners.Directory
	outbox   *notify.Outbox
	log      *slog.Logger
	handlers map[stripe.EventType]eventHandler
}

// WebhookDeps are the handler's collaborators.
type WebhookDeps struct {
	DB     *bun.DB
	Secret string
	Events *EventLog
	Dir    owners.Directory
	Outbox *notify.Outbox
	Log    *slog.Logger
}

// NewWebhookHandler returns the handler.
func NewWebhookHandler(d WebhookDeps) *WebhookHandler {
	h := &WebhookHandler{
		db:     d.DB,
		secret: d.Secret,
		events: d.Events,
		dir:    d.Dir,
		outbox: d.Outbox,
		log:    d.Log.With("component", "stripe_webhook"),
	}
	h.handlers = map[stripe.EventType]eventHandler{
		stripe.EventTypePaymentIntentSucceeded:     h.onPaymentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: h.onPaymentFailed,
		stripe.EventTypeChargeRefunded:             h.onChargeRefunded,
	}
	return h
}

// Register mounts the route.
func (h *WebhookHandler) Register(r fiber.Router) {
	r.Post("/stripe", h.receive)
}

func (h *WebhookHandler) receive(c *fiber.Ctx) error {
	ev, err := webhook.ConstructEvent(c.Body(), c.Get("Stripe-Signature"), h.secret)
	if err != nil {
		return fiber.NewError(fiber.StatusBadRequest, "invalid stripe signature")
	}
	fn, ok := h.handlers[ev.Type]
	if !ok {
		return c.SendStatus(fiber.StatusOK)
	}
	if err := fn(c.UserContext(), ev); err != nil {
		h.log.Error("stripe event failed", "event", ev.ID, "type", ev.Type, "err", err)
		return err
	}
	return c.SendStatus(fiber.StatusOK)
}

func decode[T any](ev stripe.Event) (*T, error) {
	if ev.Data == nil {
		return nil, fmt.Errorf("event %s has no data", ev.ID)
	}
	v := new(T)
	if err := json.Unmarshal(ev.Data.Raw, v); err != nil {
		return nil, fmt.Errorf("decode %s: %w", ev.Type, err)
	}
	return v, nil
}

func metaUUID(m map[string]string, key string) (uuid.UUID, bool) {
	id, err := uuid.Parse(m[key])
	return id, err == nil
}

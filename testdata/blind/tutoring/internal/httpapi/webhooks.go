package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/learnloop/tutoring/internal/config"
	"github.com/learnloop/tutoring/internal/providers/messaging"
	"github.com/learnloop/tutoring/internal/providers/videovendor"
	"github.com/learnloop/tutoring/internal/service/notify"
	"github.com/learnloop/tutoring/internal/service/purchases"
	"github.com/learnloop/tutoring/internal/service/video"
	"github.com/learnloop/tutoring/internal/store"
)

const maxWebhookBody = 1 << 20

// stripeHandler applies one Stripe event inside the webhook transaction.
type stripeHandler func(ctx context.Context, tx pgx.Tx, ev stripe.Event) error

// StripeWebhook serves POST /webhooks/stripe.
type StripeWebhook struct {
	pool     *pgxpool.Pool
	events   store.StripeEvents
	secret   string
	handlers map[stripe.EventType]stripeHandler
	log      *slog.Logger
}

// NewStripeWebhook builds the Stripe webhook with its event table.
func NewStripeWebhook(pool *pgxpool.Pool, evs store.StripeEvents, buys purchases.Service, tutors store.Tutors,
	refunds store.Refunds, cfg config.Config, log *slog.Logger) *StripeWebhook {
	w := &StripeWebhook{pool: pool, events: evs, secret: cfg.StripeWebhookSecret, log: log}
	w.handlers = map[stripe.EventType]stripeHandler{
		stripe.EventTypePaymentIntentSucceeded: func(ctx context.Context, tx pgx.Tx, ev stripe.Event) error {
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return err
			}
			return buys.Settle(ctx, tx, pi.ID)
		},
		stripe.EventTypePaymentIntentPaymentFailed: func(ctx context.Context, tx pgx.Tx, ev stripe.Event) error {
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return err
			}
			return buys.Fail(ctx, tx, pi.ID)
		},
		stripe.EventTypeAccountUpdated: func(ctx context.Context, tx pgx.Tx, ev stripe.Event) error {
			var acct stripe.Account
			if err := json.Unmarshal(ev.Data.Raw, &acct); err != nil {
				return err
			}
			return tutors.SetPayoutsEnabled(ctx, tx, acct.ID, acct.PayoutsEnabled)
		},
		stripe.EventTypeRefundUpdated: func(ctx context.Context, tx pgx.Tx, ev stripe.Event) error {
			var rf stripe.Refund
			if err := json.Unmarshal(ev.Data.Raw, &rf); err != nil {
				return err
			}
			return refunds.MarkStatusByStripeID(ctx, tx, rf.ID, string(rf.Status))
		},
	}
	return w
}

// Handle verifies and applies a Stripe event. Non-2xx responses make
// Stripe retry the delivery.
func (w *StripeWebhook) Handle(c *gin.Context) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	ev, err := webhook.ConstructEventWithOptions(payload, c.GetHeader("Stripe-Signature"), w.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	h, ok := w.handlers[ev.Type]
	if !ok {
		c.Status(http.StatusOK)
		return
	}
	ctx := c.Request.Context()
	err = pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		first, err := w.events.Claim(ctx, tx, ev.ID, string(ev.Type))
		if err != nil || !first {
			return err
		}
		return h(ctx, tx, ev)
	})
	if err != nil {
		w.log.ErrorContext(ctx, "stripe webhook", "event_id", ev.ID, "type", ev.Type, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

// VideoWebhook serves POST /webhooks/roomcast.
type VideoWebhook struct {
	client *videovendor.Client
	video  video.Service
	log    *slog.Logger
}

// NewVideoWebhook builds the RoomCast webhook.
func NewVideoWebhook(client *videovendor.Client, svc video.Service, log *slog.Logger) *VideoWebhook {
	return &VideoWebhook{client: client, video: svc, log: log}
}

// Handle applies a RoomCast event. RoomCast retries on non-2xx for up to
// 24 hours.
func (w *VideoWebhook) Handle(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil || !w.client.VerifySignature(body, c.GetHeader("X-RoomCast-Signature")) {
		c.Status(http.StatusUnauthorized)
		return
	}
	var ev videovendor.Event
	if err := json.Unmarshal(body, &ev); err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	if err := w.video.Ingest(c.Request.Context(), ev); err != nil {
		w.log.ErrorContext(c.Request.Context(), "roomcast webhook", "event_id", ev.ID, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusNoContent)
}

// MessagingWebhook serves POST /webhooks/notifly (delivery receipts).
type MessagingWebhook struct {
	client *messaging.Client
	notify notify.Service
	log    *slog.Logger
}

// NewMessagingWebhook builds the Notifly webhook.
func NewMessagingWebhook(client *messaging.Client, svc notify.Service, log *slog.Logger) *MessagingWebhook {
	return &MessagingWebhook{client: client, notify: svc, log: log}
}

// Handle records a delivery receipt.
func (w *MessagingWebhook) Handle(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil || !w.client.VerifySignature(body, c.GetHeader("X-Notifly-Signature")) {
		c.Status(http.StatusUnauthorized)
		return
	}
	var r messaging.Receipt
	if err := json.Unmarshal(body, &r); err != nil || r.MessageID == "" {
		c.Status(http.StatusBadRequest)
		return
	}
	if err := w.notify.ApplyReceipt(c.Request.Context(), r, body); err != nil {
		w.log.ErrorContext(c.Request.Context(), "notifly webhook", "message_id", r.MessageID, "err", fmt.Sprint(err))
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

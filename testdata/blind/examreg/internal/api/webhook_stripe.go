package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/stripe/stripe-go/v82"

	"github.com/lexicaassess/examreg/internal/service/payment"
)

// StripeVerifier checks webhook signatures.
type StripeVerifier interface {
	VerifyWebhook(payload []byte, sigHeader string) (stripe.Event, error)
}

// StripeEventLog remembers processed Stripe events.
type StripeEventLog interface {
	StripeEventSeen(ctx context.Context, eventID string) (bool, error)
	RecordStripeEvent(ctx context.Context, eventID, eventType string) error
}

// FeeSettler settles a fee once Stripe reports it paid.
type FeeSettler interface {
	ConfirmPaid(ctx context.Context, intentID string) error
}

// StripeWebhook receives Stripe events. Stripe retries undelivered or
// failed (non-2xx) events for up to three days.
type StripeWebhook struct {
	verifier StripeVerifier
	events   StripeEventLog
	fees     FeeSettler
	log      *slog.Logger
}

// NewStripeWebhook builds the handler.
func NewStripeWebhook(v StripeVerifier, events StripeEventLog, fees FeeSettler, log *slog.Logger) *StripeWebhook {
	return &StripeWebhook{verifier: v, events: events, fees: fees, log: log}
}

// Handle serves POST /webhooks/stripe.
func (h *StripeWebhook) Handle(c *gin.Context) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<16))
	if err != nil {
		c.Status(http.StatusServiceUnavailable)
		return
	}
	evt, err := h.verifier.VerifyWebhook(payload, c.GetHeader("Stripe-Signature"))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	ctx := c.Request.Context()

	seen, err := h.events.StripeEventSeen(ctx, evt.ID)
	if err != nil {
		c.Status(http.StatusInternalServerError)
		return
	}
	if seen {
		c.Status(http.StatusOK)
		return
	}

	switch evt.Type {
	case stripe.EventTypePaymentIntentSucceeded:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			c.Status(http.StatusBadRequest)
			return
		}
		if err := h.fees.ConfirmPaid(ctx, pi.ID); err != nil {
			if errors.Is(err, payment.ErrUnknown) {
				// Intent created outside this service (e.g. the shop); not ours to settle.
				h.log.InfoContext(ctx, "ignoring unknown payment intent", "intent", pi.ID)
				break
			}
			h.log.ErrorContext(ctx, "confirm paid failed", "intent", pi.ID, "err", err)
			c.Status(http.StatusInternalServerError)
			return
		}
	case stripe.EventTypePaymentIntentPaymentFailed:
		h.log.InfoContext(ctx, "payment failed", "event", evt.ID)
	default:
		// Subscribed to more types than we act on; acknowledge the rest.
	}

	if err := h.events.RecordStripeEvent(ctx, evt.ID, string(evt.Type)); err != nil {
		h.log.ErrorContext(ctx, "record stripe event", "event", evt.ID, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

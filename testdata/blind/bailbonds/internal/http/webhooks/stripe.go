// Package webhooks receives pushes from Stripe, the county courts feed and
// the surety. Each sender redelivers until it gets a 2xx, so handlers
// answer 5xx only when they want the delivery again.
package webhooks

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/keystonebail/bondline/internal/platform/httpx"
	"github.com/keystonebail/bondline/internal/premiums"
	"github.com/keystonebail/bondline/internal/providers/stripepay"
)

const maxBody = 1 << 20

// PaymentEvents is what the Stripe webhook drives.
type PaymentEvents interface {
	HandlePaymentSucceeded(ctx context.Context, evt premiums.PaymentEvent) error
	HandleChargeRefunded(ctx context.Context, evt premiums.PaymentEvent) error
}

// Stripe serves POST /webhooks/stripe.
type Stripe struct {
	Secret   string
	Payments PaymentEvents
}

// Handle verifies and dispatches one Stripe event.
func (h Stripe) Handle(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxBody))
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	evt, err := stripepay.VerifyEvent(body, c.GetHeader("Stripe-Signature"), h.Secret)
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	ctx := c.Request.Context()
	pe := premiums.PaymentEvent{
		EventID:         evt.ID,
		PaymentIntentID: evt.PaymentIntentID,
		AmountCents:     evt.AmountCents,
		ReceiptEmail:    evt.ReceiptEmail,
		At:              time.Unix(evt.Created, 0),
	}

	switch evt.Type {
	case "payment_intent.succeeded":
		if evt.Metadata["purpose"] != "premium" {
			break
		}
		err = h.Payments.HandlePaymentSucceeded(ctx, pe)
	case "charge.refunded":
		err = h.Payments.HandleChargeRefunded(ctx, pe)
	default:
		slog.DebugContext(ctx, "stripe event ignored", "type", evt.Type, "id", evt.ID)
	}
	if err != nil {
		slog.ErrorContext(ctx, "stripe webhook", "type", evt.Type, "id", evt.ID, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

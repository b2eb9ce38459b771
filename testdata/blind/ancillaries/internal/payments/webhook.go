package payments

import (
	"encoding/json"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// WebhookEvent is a verified Stripe event reduced to what the service uses.
type WebhookEvent struct {
	ID     string
	Type   string
	Intent *stripe.PaymentIntent
	Refund *stripe.Refund
}

// ParseWebhook verifies the Stripe-Signature header and decodes the object.
func ParseWebhook(payload []byte, signature, secret string) (WebhookEvent, error) {
	evt, err := webhook.ConstructEventWithOptions(payload, signature, secret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return WebhookEvent{}, fmt.Errorf("payments: webhook signature: %w", err)
	}
	out := WebhookEvent{ID: evt.ID, Type: string(evt.Type)}
	switch evt.Type {
	case "payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return out, fmt.Errorf("payments: decode intent: %w", err)
		}
		out.Intent = &pi
	case "refund.updated", "refund.created", "refund.failed":
		var r stripe.Refund
		if err := json.Unmarshal(evt.Data.Raw, &r); err != nil {
			return out, fmt.Errorf("payments: decode refund: %w", err)
		}
		out.Refund = &r
	}
	return out, nil
}

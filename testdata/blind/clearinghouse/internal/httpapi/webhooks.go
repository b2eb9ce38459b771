package httpapi

import (
	"context"

	"github.com/stripe/stripe-go/v82"

	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/service"
)

// StripeEvents applies verified Stripe events.
type StripeEvents interface {
	HandleStripeEvent(ctx context.Context, ev stripe.Event) error
}

// SignatureVerifier verifies and decodes a Stripe webhook.
type SignatureVerifier interface {
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
}

// WebhookHandlers serves provider webhooks.
type WebhookHandlers struct {
	events   StripeEvents
	verifier SignatureVerifier
}

// NewWebhookHandlers builds WebhookHandlers.
func NewWebhookHandlers(p *service.PaymentService, v SignatureVerifier) *WebhookHandlers {
	return &WebhookHandlers{events: p, verifier: v}
}

type StripeWebhookRequest struct {
	Signature string `header:"Stripe-Signature"`
	body      []byte
}

// SetRawBody keeps the exact bytes Stripe signed.
func (r *StripeWebhookRequest) SetRawBody(b []byte) { r.body = b }

type ack struct {
	Received bool `json:"received"`
}

// Stripe handles POST /v1/webhooks/stripe.
func (h *WebhookHandlers) Stripe(ctx context.Context, req StripeWebhookRequest) (ack, error) {
	ev, err := h.verifier.ParseWebhook(req.body, req.Signature)
	if err != nil {
		return ack{}, apperr.Invalid("invalid stripe signature: %v", err)
	}
	if err := h.events.HandleStripeEvent(ctx, ev); err != nil {
		return ack{}, err
	}
	return ack{Received: true}, nil
}

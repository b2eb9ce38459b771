package payments

import (
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// WebhookVerifier checks the Stripe-Signature header of incoming events.
type WebhookVerifier struct {
	secret string
}

func NewWebhookVerifier(secret string) *WebhookVerifier {
	return &WebhookVerifier{secret: secret}
}

func (v *WebhookVerifier) Verify(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEvent(payload, signature, v.secret)
}

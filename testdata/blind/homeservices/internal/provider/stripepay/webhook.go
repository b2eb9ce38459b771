package stripepay

import (
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// EventParser verifies Stripe webhook signatures.
type EventParser struct {
	secret string
}

// NewEventParser builds an EventParser.
func NewEventParser(cfg Config) *EventParser { return &EventParser{secret: cfg.WebhookSecret} }

// Parse verifies the Stripe-Signature header and decodes the event.
func (p *EventParser) Parse(payload []byte, signature string) (stripe.Event, error) {
	evt, err := webhook.ConstructEventWithOptions(payload, signature, p.secret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return stripe.Event{}, fmt.Errorf("stripe: verify webhook: %w", err)
	}
	return evt, nil
}

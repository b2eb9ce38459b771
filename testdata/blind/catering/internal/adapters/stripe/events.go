package stripe

import (
	"encoding/json"
	"fmt"

	stripeapi "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Verifier checks Stripe-Signature headers on webhook deliveries.
type Verifier struct {
	secret string
}

func NewVerifier(secret string) *Verifier { return &Verifier{secret: secret} }

func (v *Verifier) Construct(payload []byte, signature string) (stripeapi.Event, error) {
	return webhook.ConstructEventWithOptions(payload, signature, v.secret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
}

// PaymentIntent decodes the event's object as a PaymentIntent.
func PaymentIntent(evt stripeapi.Event) (*stripeapi.PaymentIntent, error) {
	var pi stripeapi.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return nil, fmt.Errorf("decode payment_intent: %w", err)
	}
	return &pi, nil
}

// Charge decodes the event's object as a Charge.
func Charge(evt stripeapi.Event) (*stripeapi.Charge, error) {
	var ch stripeapi.Charge
	if err := json.Unmarshal(evt.Data.Raw, &ch); err != nil {
		return nil, fmt.Errorf("decode charge: %w", err)
	}
	return &ch, nil
}

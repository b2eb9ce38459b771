package stripepay

import (
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Verifier checks webhook signatures.
type Verifier struct {
	secret string
}

// NewVerifier builds a Verifier for the endpoint secret.
func NewVerifier(secret string) *Verifier { return &Verifier{secret: secret} }

// Verify parses and authenticates a webhook payload.
func (v *Verifier) Verify(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEvent(payload, signature, v.secret)
}

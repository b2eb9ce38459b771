package stripe

import (
	"fmt"
	"time"

	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/merchline/preorders/internal/core/ports"
)

// Verifier checks the Stripe-Signature header against an endpoint secret.
type Verifier struct {
	secret string
}

func NewVerifier(secret string) *Verifier { return &Verifier{secret: secret} }

func (v *Verifier) Verify(payload []byte, header string) (ports.PaymentEvent, error) {
	evt, err := webhook.ConstructEventWithOptions(payload, header, v.secret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return ports.PaymentEvent{}, fmt.Errorf("verify stripe signature: %w", err)
	}
	return fromStripe(evt), nil
}

func fromStripe(evt stripe.Event) ports.PaymentEvent {
	out := ports.PaymentEvent{ID: evt.ID, Type: string(evt.Type), Account: evt.Account, Created: time.Unix(evt.Created, 0).UTC()}
	if evt.Data != nil {
		out.Object = evt.Data.Raw
	}
	return out
}

package stripepay

import (
	"encoding/json"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Event is the subset of a Stripe event the webhook handler routes on.
type Event struct {
	ID              string
	Type            string
	PaymentIntentID string
	AmountCents     int64
	RefundedCents   int64
}

// ParseEvent verifies the Stripe-Signature header and decodes the event.
func ParseEvent(payload []byte, sigHeader, secret string) (Event, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, sigHeader, secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return Event{}, fmt.Errorf("stripepay: verify webhook: %w", err)
	}
	out := Event{ID: ev.ID, Type: string(ev.Type)}
	switch ev.Type {
	case "payment_intent.succeeded", "payment_intent.payment_failed":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
			return Event{}, fmt.Errorf("stripepay: decode intent: %w", err)
		}
		out.PaymentIntentID = pi.ID
		out.AmountCents = pi.AmountReceived
	case "charge.refunded":
		var ch stripe.Charge
		if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil {
			return Event{}, fmt.Errorf("stripepay: decode charge: %w", err)
		}
		if ch.PaymentIntent != nil {
			out.PaymentIntentID = ch.PaymentIntent.ID
		}
		out.AmountCents = ch.Amount
		out.RefundedCents = ch.AmountRefunded
	}
	return out, nil
}

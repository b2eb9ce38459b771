// Package payments charges cards with Stripe, with no idempotency key
// of its own: its callers' roots put theirs in the context.
package payments

import (
	"context"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

// Gateway charges cards.
type Gateway struct{}

// Charge creates one PaymentIntent.
func (Gateway) Charge(ctx context.Context, amount int64) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
	_, err := paymentintent.New(params) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key \(HTTP handler Handler.Pay\) \[IDEM002\]$`
	return err
}

// ChargeEach creates a PaymentIntent per amount: one key would name
// them all.
func (Gateway) ChargeEach(ctx context.Context, amounts []int64) error {
	for _, amount := range amounts {
		params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
		if _, err := paymentintent.New(params); err != nil { // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key \(HTTP handler Handler.PayEach\); set its idempotency key from the request's Idempotency-Key header`
			return err
		}
	}
	return nil
}

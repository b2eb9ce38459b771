// Package pay implements app.Cards with stripe-go.
package pay

import (
	"context"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"

	"example.com/wiredintent/app"
)

// Gateway charges through Stripe.
type Gateway struct{}

// Charge creates a PaymentIntent under the charge's key.
func (Gateway) Charge(ctx context.Context, c app.Charge) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(c.Amount)}
	params.SetIdempotencyKey(c.IdempotencyKey)
	_, err := paymentintent.New(params)
	return err
}

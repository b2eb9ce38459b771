// Package stripepay implements app.Payments with stripe-go.
package stripepay

import (
	"context"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

type Gateway struct{}

// Charge passes the caller's key to Stripe.
func (Gateway) Charge(ctx context.Context, key string, amount int64) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
	params.SetIdempotencyKey(key)
	_, err := paymentintent.New(params)
	return err
}

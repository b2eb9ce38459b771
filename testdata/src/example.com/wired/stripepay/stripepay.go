// Package stripepay implements app.Payments with stripe-go.
package stripepay

import (
	"context"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

type Gateway struct{}

// Charge creates a PaymentIntent without an idempotency key.
func (Gateway) Charge(ctx context.Context, orderID string, amount int64) error {
	_, err := paymentintent.New(&stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key \(HTTP handler Handler.Pay\)`
	return err
}

// Refund passes the order's ID as the key: a retry carries the same one.
func (Gateway) Refund(ctx context.Context, orderID string, amount int64) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
	params.SetIdempotencyKey("refund-" + orderID)
	_, err := paymentintent.New(params)
	return err
}

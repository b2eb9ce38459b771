// Package xpay wraps a provider; no root of its own reaches its calls.
package xpay

import (
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

// Charge creates a PaymentIntent without an idempotency key.
func Charge(amount int64) error {
	_, err := paymentintent.New(&stripe.PaymentIntentParams{Amount: stripe.Int64(amount)})
	return err
}

// ChargeKeyed passes the caller's key.
func ChargeKeyed(amount int64, key string) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
	params.SetIdempotencyKey(key)
	_, err := paymentintent.New(params)
	return err
}

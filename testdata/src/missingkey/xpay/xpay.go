// Package xpay wraps a provider; no root of its own reaches its calls.
package xpay

import (
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
	"github.com/stripe/stripe-go/v82/refund"
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

// A CallOption changes the params of one call.
type CallOption func(*stripe.Params)

// WithKey fills the call's idempotency key.
func WithKey(key string) CallOption {
	return func(p *stripe.Params) { p.SetIdempotencyKey(key) }
}

// WithMetadata sets metadata only.
func WithMetadata(kv map[string]string) CallOption {
	return func(p *stripe.Params) {
		for k, v := range kv {
			p.AddMetadata(k, v)
		}
	}
}

// OnAccount sets the connected account only.
func OnAccount(id string) CallOption {
	return func(p *stripe.Params) { p.StripeAccount = &id }
}

// apply runs the options on the params.
func apply(p *stripe.Params, opts []CallOption) {
	for _, o := range opts {
		o(p)
	}
}

// ChargeWith creates a PaymentIntent keyed only by the options it is
// given.
func ChargeWith(amount int64, opts ...CallOption) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
	apply(&params.Params, opts)
	_, err := paymentintent.New(params)
	return err
}

// ChargeLoop applies its options in a loop of its own.
func ChargeLoop(amount int64, opts ...CallOption) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
	for _, o := range opts {
		o(&params.Params)
	}
	_, err := paymentintent.New(params)
	return err
}

// Refund refunds, keyed only by the options it is given.
func Refund(amount int64, opts ...CallOption) error {
	params := &stripe.RefundParams{Amount: stripe.Int64(amount)}
	apply(&params.Params, opts)
	_, err := refund.New(params)
	return err
}

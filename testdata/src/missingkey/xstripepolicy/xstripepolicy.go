// Package xstripepolicy wraps Stripe's client: each call runs in a
// closure that a generic helper of the package hands to the program's
// retry helper, and a helper sets the request's key when its caller
// gives one.
package xstripepolicy

import (
	"context"

	"github.com/stripe/stripe-go/v82"

	"missingkey/xretrypolicy"
)

// A RefundInput asks for a refund of a payment.
type RefundInput struct {
	PaymentIntentID string
	IdempotencyKey  string
}

// Client refunds payments.
type Client struct{ sc *stripe.Client }

// New makes a client.
func New(key string) *Client { return &Client{sc: stripe.NewClient(key)} }

// call runs fn under the program's retry policy.
func call[T any](ctx context.Context, c *Client, op string, fn func(context.Context) (T, error)) (T, error) {
	return xretrypolicy.Do(ctx, func(ctx context.Context) (T, error) {
		v, err := fn(ctx)
		return v, err
	})
}

// setKey keys the request when a key is given.
func setKey(p *stripe.Params, key string) {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
}

// Refund refunds a payment, keyed when the input carries a key.
func (c *Client) Refund(ctx context.Context, in RefundInput) (string, error) {
	r, err := call(ctx, c, "refunds.create", func(ctx context.Context) (*stripe.Refund, error) {
		p := &stripe.RefundCreateParams{PaymentIntent: stripe.String(in.PaymentIntentID)}
		setKey(&p.Params, in.IdempotencyKey)
		return c.sc.V1Refunds.Create(ctx, p)
	})
	if err != nil {
		return "", err
	}
	return r.ID, nil
}

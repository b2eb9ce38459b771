// Package xstripegen wraps Stripe's client: each call runs in a closure
// that a generic helper retries, and the request's key, when its caller
// gives one, goes on the params.
package xstripegen

import (
	"context"

	"github.com/avast/retry-go/v4"
	"github.com/stripe/stripe-go/v82"
)

// A RefundRequest asks for a refund of a payment.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	IdempotencyKey  string
}

// Client refunds payments.
type Client struct{ sc *stripe.Client }

// New makes a client.
func New(key string) *Client { return &Client{sc: stripe.NewClient(key)} }

// Refund refunds a payment, keyed when the request carries a key.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	r, err := withRetry(ctx, func() (*stripe.Refund, error) {
		return c.sc.V1Refunds.Create(ctx, params)
	})
	if err != nil {
		return "", err
	}
	return r.ID, nil
}

// withRetry retries fn's transient failures.
func withRetry[T any](ctx context.Context, fn func() (T, error)) (T, error) {
	return retry.DoWithData(func() (T, error) { return fn() }, retry.Context(ctx))
}

// Package pay charges cards through Stripe.
package pay

import (
	"context"

	"example.com/wiredopts/retry"
	"github.com/stripe/stripe-go/v82"
)

// CallOption adjusts one call.
type CallOption func(*callOptions)

type callOptions struct{ idempotencyKey string }

// WithIdempotencyKey sets the key Stripe collapses repeats by.
func WithIdempotencyKey(k string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = k }
}

func collect(opts []CallOption) callOptions {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// Gateway charges cards.
type Gateway interface {
	Charge(ctx context.Context, customer string, amount int64, opts ...CallOption) (string, error)
}

// StripeGateway charges through Stripe.
type StripeGateway struct{ sc *stripe.Client }

// NewStripeGateway makes a gateway.
func NewStripeGateway(key string) *StripeGateway { return &StripeGateway{sc: stripe.NewClient(key)} }

// Charge creates a confirmed PaymentIntent.
func (g *StripeGateway) Charge(ctx context.Context, customer string, amount int64, opts ...CallOption) (string, error) {
	o := collect(opts)
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(amount), Customer: stripe.String(customer)}
	if o.idempotencyKey != "" {
		params.SetIdempotencyKey(o.idempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key \(asynq handler Wallets.AutoReload\)`
	if err != nil {
		return "", err
	}
	return pi.ID, nil
}

// RetryingGateway retries transient failures in process.
type RetryingGateway struct{ next Gateway }

// NewRetryingGateway wraps next.
func NewRetryingGateway(next Gateway) *RetryingGateway { return &RetryingGateway{next: next} }

// Charge charges through next, again on failure.
func (g *RetryingGateway) Charge(ctx context.Context, customer string, amount int64, opts ...CallOption) (string, error) {
	return retry.Retry(ctx, func(ctx context.Context) (string, error) {
		return g.next.Charge(ctx, customer, amount, opts...)
	})
}

// Package xstripeopts wraps Stripe's client: each call collects the
// options it is given into a config, which applies itself to the
// params, and only the key option keys the call.
package xstripeopts

import (
	"context"

	"github.com/avast/retry-go/v4"
	"github.com/stripe/stripe-go/v82"
)

// CallOption adjusts one request.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey keys the request.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithMetadata attaches a metadata pair.
func WithMetadata(k, v string) CallOption {
	return func(c *callConfig) {
		if c.metadata == nil {
			c.metadata = map[string]string{}
		}
		c.metadata[k] = v
	}
}

func (c *callConfig) apply(p *stripe.Params) {
	if c.idempotencyKey != "" {
		p.SetIdempotencyKey(c.idempotencyKey)
	}
	for k, v := range c.metadata {
		p.AddMetadata(k, v)
	}
}

func collect(opts []CallOption) *callConfig {
	c := &callConfig{}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Client charges cards.
type Client struct{ sc *stripe.Client }

// New makes a client.
func New(key string) *Client { return &Client{sc: stripe.NewClient(key)} }

// Charge creates and confirms a PaymentIntent.
func (c *Client) Charge(ctx context.Context, amount int64, opts ...CallOption) (string, error) {
	cfg := collect(opts)
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(amount), Confirm: stripe.Bool(true)}
	cfg.apply(&params.Params)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return "", err
	}
	return pi.ID, nil
}

// valueConfig is a config collected by value, which applies itself by
// value.
type valueConfig struct{ idempotencyKey string }

// ValueOption adjusts a refund.
type ValueOption func(*valueConfig)

// WithRefundKey keys the refund.
func WithRefundKey(key string) ValueOption {
	return func(c *valueConfig) { c.idempotencyKey = key }
}

func (c valueConfig) apply(p *stripe.Params) {
	if c.idempotencyKey != "" {
		p.SetIdempotencyKey(c.idempotencyKey)
	}
}

func collectValue(opts []ValueOption) valueConfig {
	var c valueConfig
	for _, o := range opts {
		o(&c)
	}
	return c
}

// Refund refunds a PaymentIntent.
func (c *Client) Refund(ctx context.Context, pi string, opts ...ValueOption) error {
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(pi)}
	collectValue(opts).apply(&params.Params)
	_, err := c.sc.V1Refunds.Create(ctx, params)
	return err
}

// RefundRetried refunds with the key the options set, kept in a
// variable, and sends the params in a retry's operation.
func (c *Client) RefundRetried(ctx context.Context, pi string, opts ...ValueOption) error {
	call := collectValue(opts)
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(pi)}
	if call.idempotencyKey != "" {
		params.SetIdempotencyKey(call.idempotencyKey)
	}
	return retry.Do(func() error {
		_, err := c.sc.V1Refunds.Create(ctx, params)
		return err
	})
}

// applyOptions collects the options into a config of its own and sets
// the params' key from it.
func applyOptions(p *stripe.Params, opts []ValueOption) {
	var cfg valueConfig
	for _, opt := range opts {
		opt(&cfg)
	}
	if cfg.idempotencyKey != "" {
		p.SetIdempotencyKey(cfg.idempotencyKey)
	}
}

// Payout transfers to a connected account, with the options one helper
// collects and applies.
func (c *Client) Payout(ctx context.Context, account string, opts ...ValueOption) error {
	params := &stripe.TransferCreateParams{Destination: stripe.String(account)}
	applyOptions(&params.Params, opts)
	_, err := c.sc.V1Transfers.Create(ctx, params)
	return err
}

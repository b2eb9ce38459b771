// Package stripepay wraps the Stripe calls used for merchant payouts.
package stripepay

import (
	"context"

	"github.com/stripe/stripe-go/v82"

	"github.com/quaymile/dispatch/internal/config"
)

// Client is the subset of Stripe used by the payouts module.
type Client interface {
	CreateTransfer(ctx context.Context, params *stripe.TransferCreateParams) (*stripe.Transfer, error)
	CreatePayout(ctx context.Context, params *stripe.PayoutCreateParams) (*stripe.Payout, error)
}

type client struct {
	sc *stripe.Client
}

// NewClient builds a Client from configuration.
func NewClient(cfg config.Config) Client {
	return &client{sc: stripe.NewClient(cfg.StripeSecretKey)}
}

func (c *client) CreateTransfer(ctx context.Context, params *stripe.TransferCreateParams) (*stripe.Transfer, error) {
	return c.sc.V1Transfers.Create(ctx, params)
}

func (c *client) CreatePayout(ctx context.Context, params *stripe.PayoutCreateParams) (*stripe.Payout, error) {
	return c.sc.V1Payouts.Create(ctx, params)
}

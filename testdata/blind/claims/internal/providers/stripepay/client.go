// Package stripepay wraps the Stripe Connect calls the claims platform makes:
// transfers from the platform balance to a claimant's connected account and
// payouts from that connected account to the claimant's bank.
package stripepay

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Config configures the client.
type Config struct {
	SecretKey         string
	WebhookSecret     string
	MaxNetworkRetries int64
	Timeout           time.Duration
}

// Client is a thin, typed facade over stripe.Client.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
}

// New builds a Client.
func New(cfg Config) *Client {
	retries := cfg.MaxNetworkRetries
	if retries == 0 {
		retries = 2
	}
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		HTTPClient:        &http.Client{Timeout: timeout},
		MaxNetworkRetries: stripe.Int64(retries),
	})
	return &Client{
		sc:            stripe.NewClient(cfg.SecretKey, stripe.WithBackends(backends)),
		webhookSecret: cfg.WebhookSecret,
	}
}

// CallOption customises a single provider call.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey   string
	connectedAccount string
	metadata         map[string]string
	description      string
}

// WithIdempotencyKey sets Stripe's Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithConnectedAccount makes the call on behalf of a connected account
// (Stripe-Account header).
func WithConnectedAccount(acct string) CallOption {
	return func(c *callConfig) { c.connectedAccount = acct }
}

// WithMetadata attaches a metadata key/value to the created object.
func WithMetadata(k, v string) CallOption {
	return func(c *callConfig) {
		if c.metadata == nil {
			c.metadata = map[string]string{}
		}
		c.metadata[k] = v
	}
}

// WithDescription sets the object's description.
func WithDescription(d string) CallOption {
	return func(c *callConfig) { c.description = d }
}

func buildConfig(opts []CallOption) callConfig {
	var cfg callConfig
	for _, o := range opts {
		o(&cfg)
	}
	return cfg
}

func (c callConfig) applyParams(p *stripe.Params) {
	if c.idempotencyKey != "" {
		p.SetIdempotencyKey(c.idempotencyKey)
	}
	if c.connectedAccount != "" {
		p.SetStripeAccount(c.connectedAccount)
	}
	for k, v := range c.metadata {
		p.AddMetadata(k, v)
	}
}

// TransferRequest moves platform funds to a connected account.
type TransferRequest struct {
	AmountCents   int64
	Currency      string
	Destination   string
	TransferGroup string
}

// PayoutRequest sends a connected account's balance to its bank.
type PayoutRequest struct {
	AmountCents         int64
	Currency            string
	StatementDescriptor string
}

// Result is what callers persist from a Stripe object.
type Result struct {
	ID     string
	Status string
}

// Transfer creates a Stripe transfer.
func (c *Client) Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (Result, error) {
	cfg := buildConfig(opts)
	params := &stripe.TransferCreateParams{
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    stripe.String(req.Currency),
		Destination: stripe.String(req.Destination),
	}
	if req.TransferGroup != "" {
		params.TransferGroup = stripe.String(req.TransferGroup)
	}
	if cfg.description != "" {
		params.Description = stripe.String(cfg.description)
	}
	cfg.applyParams(&params.Params)
	tr, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return Result{}, fmt.Errorf("stripe transfer: %w", err)
	}
	return Result{ID: tr.ID}, nil
}

// Payout creates a payout on a connected account.
func (c *Client) Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (Result, error) {
	cfg := buildConfig(opts)
	params := &stripe.PayoutCreateParams{
		Amount:   stripe.Int64(req.AmountCents),
		Currency: stripe.String(req.Currency),
	}
	if req.StatementDescriptor != "" {
		params.StatementDescriptor = stripe.String(req.StatementDescriptor)
	}
	if cfg.description != "" {
		params.Description = stripe.String(cfg.description)
	}
	cfg.applyParams(&params.Params)
	po, err := c.sc.V1Payouts.Create(ctx, params)
	if err != nil {
		return Result{}, fmt.Errorf("stripe payout: %w", err)
	}
	return Result{ID: po.ID, Status: string(po.Status)}, nil
}

// VerifyEvent checks the Stripe-Signature header and decodes the event.
func (c *Client) VerifyEvent(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEvent(payload, signature, c.webhookSecret)
}

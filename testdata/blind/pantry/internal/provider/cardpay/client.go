// Package cardpay wraps the Stripe API for the operations fulfilment needs:
// authorising an order total, capturing it at handover, refunding, and
// charging off-session for substitution differences.
package cardpay

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"
)

// Client is the card-processor client.
type Client struct {
	sc                  *stripe.Client
	currency            string
	statementDescriptor string
	logger              *slog.Logger
}

// Option configures a Client.
type Option func(*Client)

// WithCurrency sets the default currency (lowercase ISO code).
func WithCurrency(c string) Option { return func(cl *Client) { cl.currency = c } }

// WithStatementDescriptor sets the suffix shown on customers' statements.
func WithStatementDescriptor(s string) Option {
	return func(cl *Client) { cl.statementDescriptor = s }
}

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(cl *Client) { cl.logger = l } }

// New builds a Client for the given secret key.
func New(secretKey string, opts ...Option) *Client {
	c := &Client{
		sc:       stripe.NewClient(secretKey),
		currency: "gbp",
		logger:   slog.Default(),
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption configures a single API call.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets the Idempotency-Key header of the request.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithMetadata attaches a metadata entry to the created object.
func WithMetadata(k, v string) CallOption {
	return func(c *callConfig) {
		if c.metadata == nil {
			c.metadata = map[string]string{}
		}
		c.metadata[k] = v
	}
}

func resolve(opts []CallOption) callConfig {
	var cfg callConfig
	for _, o := range opts {
		o(&cfg)
	}
	return cfg
}

// apply copies call options onto the request's common params.
func (cfg callConfig) apply(p *stripe.Params) {
	if cfg.idempotencyKey != "" {
		p.SetIdempotencyKey(cfg.idempotencyKey)
	}
	for k, v := range cfg.metadata {
		p.AddMetadata(k, v)
	}
}

// Authorisation is the result of a successful authorisation.
type Authorisation struct {
	IntentID string
	Status   string
	Amount   int64
}

// Authorize places a hold for amount on the customer's card.
func (c *Client) Authorize(ctx context.Context, req AuthorizeRequest, opts ...CallOption) (Authorisation, error) {
	params := req.build(c.currency, c.statementDescriptor)
	resolve(opts).apply(&params.Params)

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Authorisation{}, fmt.Errorf("stripe create intent: %w", err)
	}
	return Authorisation{IntentID: pi.ID, Status: string(pi.Status), Amount: pi.Amount}, nil
}

// Capture captures a previously authorised intent.
func (c *Client) Capture(ctx context.Context, intentID string, amount int64, opts ...CallOption) (string, error) {
	params := &stripe.PaymentIntentCaptureParams{AmountToCapture: stripe.Int64(amount)}
	resolve(opts).apply(&params.Params)

	pi, err := c.sc.V1PaymentIntents.Capture(ctx, intentID, params)
	if err != nil {
		return "", fmt.Errorf("stripe capture: %w", err)
	}
	return pi.ID, nil
}

// Refund refunds amount of a captured intent.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (string, error) {
	params := req.build()
	resolve(opts).apply(&params.Params)

	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe refund: %w", err)
	}
	c.logger.InfoContext(ctx, "refund created", "refund_id", rf.ID, "intent_id", req.IntentID)
	return rf.ID, nil
}

// ChargeOffSession charges a saved payment method without the customer present.
func (c *Client) ChargeOffSession(ctx context.Context, req OffSessionRequest, opts ...CallOption) (string, error) {
	params := req.build(c.currency)
	resolve(opts).apply(&params.Params)

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe off-session charge: %w", err)
	}
	return pi.ID, nil
}

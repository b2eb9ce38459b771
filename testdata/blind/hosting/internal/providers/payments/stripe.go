// Package payments wraps Stripe for card charges, refunds and customers.
// Every POST accepts an Idempotency-Key; Stripe replays the first response
// for a repeated key for at least 24 hours.
package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v82"
)

// Gateway is the Stripe-backed payment provider.
type Gateway struct {
	sc            *stripe.Client
	currency      string
	webhookSecret string
	descriptor    string
}

// Option configures a Gateway.
type Option func(*gatewayConfig)

type gatewayConfig struct {
	currency      string
	webhookSecret string
	descriptor    string
	httpClient    *http.Client
	maxRetries    int64
}

// WithCurrency sets the default ISO currency.
func WithCurrency(cur string) Option { return func(c *gatewayConfig) { c.currency = cur } }

// WithWebhookSecret sets the signing secret used to verify webhooks.
func WithWebhookSecret(s string) Option { return func(c *gatewayConfig) { c.webhookSecret = s } }

// WithStatementDescriptor sets the card statement suffix.
func WithStatementDescriptor(s string) Option { return func(c *gatewayConfig) { c.descriptor = s } }

// WithHTTPClient overrides the transport.
func WithHTTPClient(h *http.Client) Option { return func(c *gatewayConfig) { c.httpClient = h } }

// WithMaxNetworkRetries sets stripe-go's own retry count.
func WithMaxNetworkRetries(n int64) Option { return func(c *gatewayConfig) { c.maxRetries = n } }

// New builds a Gateway for the given secret key.
func New(secretKey string, opts ...Option) *Gateway {
	cfg := gatewayConfig{currency: "eur", descriptor: "NIMBUSRACK", maxRetries: 2}
	for _, opt := range opts {
		opt(&cfg)
	}
	backendCfg := &stripe.BackendConfig{MaxNetworkRetries: stripe.Int64(cfg.maxRetries)}
	if cfg.httpClient != nil {
		backendCfg.HTTPClient = cfg.httpClient
	} else {
		backendCfg.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	backends := stripe.NewBackendsWithConfig(backendCfg)
	return &Gateway{
		sc:            stripe.NewClient(secretKey, stripe.WithBackends(backends)),
		currency:      cfg.currency,
		webhookSecret: cfg.webhookSecret,
		descriptor:    cfg.descriptor,
	}
}

// CallOption adjusts a single Stripe request.
type CallOption func(*stripe.Params)

// WithIdempotencyKey sets the Idempotency-Key header for the request.
func WithIdempotencyKey(key string) CallOption {
	return func(p *stripe.Params) { p.SetIdempotencyKey(key) }
}

// WithMetadata attaches a metadata pair to the created object.
func WithMetadata(k, v string) CallOption {
	return func(p *stripe.Params) { p.AddMetadata(k, v) }
}

func apply(p *stripe.Params, opts []CallOption) {
	for _, opt := range opts {
		opt(p)
	}
}

// ChargeRequest describes an off-session card charge.
type ChargeRequest struct {
	CustomerRef   string
	PaymentMethod string
	AmountCents   int64
	Currency      string
	Description   string
}

// ChargeResult is the outcome of a charge.
type ChargeResult struct {
	ProviderRef string
	Status      string
	FailureCode string
}

// ErrCardDeclined wraps a decline so callers can record it.
var ErrCardDeclined = errors.New("payments: card declined")

// Charge creates and confirms a PaymentIntent against the saved card.
func (g *Gateway) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error) {
	cur := req.Currency
	if cur == "" {
		cur = g.currency
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:                    stripe.Int64(req.AmountCents),
		Currency:                  stripe.String(cur),
		Customer:                  stripe.String(req.CustomerRef),
		PaymentMethod:             stripe.String(req.PaymentMethod),
		Confirm:                   stripe.Bool(true),
		OffSession:                stripe.Bool(true),
		Description:               stripe.String(req.Description),
		StatementDescriptorSuffix: stripe.String(g.descriptor),
	}
	apply(&params.Params, opts)

	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			return &ChargeResult{Status: "failed", FailureCode: string(se.Code)}, fmt.Errorf("%w: %s", ErrCardDeclined, se.Code)
		}
		return nil, fmt.Errorf("stripe payment intent: %w", err)
	}
	return &ChargeResult{ProviderRef: pi.ID, Status: string(pi.Status)}, nil
}

// RefundResult is the outcome of a refund.
type RefundResult struct {
	ProviderRef string
	Status      string
}

// Refund returns amountCents of a PaymentIntent to the card.
func (g *Gateway) Refund(ctx context.Context, paymentRef string, amountCents int64, reason string, opts ...CallOption) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentRef),
		Amount:        stripe.Int64(amountCents),
	}
	if reason != "" {
		params.Reason = stripe.String(reason)
	}
	apply(&params.Params, opts)

	rf, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe refund: %w", err)
	}
	return &RefundResult{ProviderRef: rf.ID, Status: string(rf.Status)}, nil
}

// CreateCustomer registers a billing customer at Stripe.
func (g *Gateway) CreateCustomer(ctx context.Context, email, name string, opts ...CallOption) (string, error) {
	params := &stripe.CustomerCreateParams{
		Email: stripe.String(email),
		Name:  stripe.String(name),
	}
	apply(&params.Params, opts)
	cus, err := g.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe customer: %w", err)
	}
	return cus.ID, nil
}

// ParseWebhook verifies the signature and decodes an event.
func (g *Gateway) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	return g.sc.ConstructEvent(payload, signature, g.webhookSecret)
}

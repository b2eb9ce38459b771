// Package payments wraps stripe-go for the application fee and parking
// renewal flows.
package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v82"
)

// Gateway is the subset of payment operations the services depend on.
type Gateway interface {
	CreateIntent(ctx context.Context, req IntentRequest, opts ...CallOption) (*Intent, error)
	GetIntent(ctx context.Context, intentID string) (*Intent, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error)
}

// IntentRequest describes a PaymentIntent to create.
type IntentRequest struct {
	AmountCents int64
	Currency    string
	Description string
	Email       string
	Metadata    map[string]string
}

// Intent is the part of a Stripe PaymentIntent the service keeps.
type Intent struct {
	ID           string
	ClientSecret string
	Status       string
	AmountCents  int64
}

// RefundRequest describes a refund of a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
}

// RefundResult is the part of a Stripe Refund the service keeps.
type RefundResult struct {
	ID     string
	Status string
}

// ErrDeclined is returned when Stripe rejects the operation as a card or
// invalid-request error that retrying will not fix.
var ErrDeclined = errors.New("payment provider declined the request")

// CallOption configures one call.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header Stripe uses to return the
// original result for a repeated request.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// Option configures the Client.
type Option func(*Client)

// WithHTTPClient sets the HTTP client used for Stripe calls.
func WithHTTPClient(h *http.Client) Option {
	return func(c *Client) { c.httpClient = h }
}

// WithMaxNetworkRetries sets stripe-go's own network retry budget.
func WithMaxNetworkRetries(n int64) Option {
	return func(c *Client) { c.maxRetries = &n }
}

// WithDefaultCurrency sets the currency used when a request leaves it empty.
func WithDefaultCurrency(cur string) Option {
	return func(c *Client) { c.currency = cur }
}

// WithStatementDescriptor sets the suffix shown on card statements.
func WithStatementDescriptor(s string) Option {
	return func(c *Client) { c.descriptor = s }
}

// Client is the Stripe-backed Gateway.
type Client struct {
	sc         *stripe.Client
	httpClient *http.Client
	maxRetries *int64
	currency   string
	descriptor string
}

var _ Gateway = (*Client)(nil)

// New builds a Client for the given secret key.
func New(apiKey string, opts ...Option) *Client {
	c := &Client{
		httpClient: &http.Client{Timeout: 30 * time.Second},
		currency:   string(stripe.CurrencyUSD),
		descriptor: "CITY PERMITS",
	}
	for _, opt := range opts {
		opt(c)
	}
	cfg := &stripe.BackendConfig{HTTPClient: c.httpClient}
	if c.maxRetries != nil {
		cfg.MaxNetworkRetries = c.maxRetries
	}
	c.sc = stripe.NewClient(apiKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg)))
	return c
}

func applyCallOptions(p *stripe.Params, opts []CallOption) {
	var cfg callConfig
	for _, opt := range opts {
		opt(&cfg)
	}
	if cfg.idempotencyKey != "" {
		p.SetIdempotencyKey(cfg.idempotencyKey)
	}
}

// CreateIntent creates a PaymentIntent with automatic payment methods.
func (c *Client) CreateIntent(ctx context.Context, req IntentRequest, opts ...CallOption) (*Intent, error) {
	currency := req.Currency
	if currency == "" {
		currency = c.currency
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:                    stripe.Int64(req.AmountCents),
		Currency:                  stripe.String(currency),
		Description:               stripe.String(req.Description),
		StatementDescriptorSuffix: stripe.String(c.descriptor),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		},
	}
	if req.Email != "" {
		params.ReceiptEmail = stripe.String(req.Email)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	applyCallOptions(&params.Params, opts)

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, translate("create payment intent", err)
	}
	return toIntent(pi), nil
}

// GetIntent fetches a PaymentIntent by ID.
func (c *Client) GetIntent(ctx context.Context, intentID string) (*Intent, error) {
	pi, err := c.sc.V1PaymentIntents.Retrieve(ctx, intentID, nil)
	if err != nil {
		return nil, translate("retrieve payment intent", err)
	}
	return toIntent(pi), nil
}

// Refund refunds all or part of a PaymentIntent.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
	}
	if req.AmountCents > 0 {
		params.Amount = stripe.Int64(req.AmountCents)
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	applyCallOptions(&params.Params, opts)

	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, translate("create refund", err)
	}
	return &RefundResult{ID: rf.ID, Status: string(rf.Status)}, nil
}

func toIntent(pi *stripe.PaymentIntent) *Intent {
	return &Intent{
		ID:           pi.ID,
		ClientSecret: pi.ClientSecret,
		Status:       string(pi.Status),
		AmountCents:  pi.Amount,
	}
}

func translate(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		switch se.Type {
		case stripe.ErrorTypeCard, stripe.ErrorTypeInvalidRequest:
			return fmt.Errorf("%s: %w: %s", op, ErrDeclined, se.Msg)
		}
	}
	return fmt.Errorf("%s: %w", op, err)
}

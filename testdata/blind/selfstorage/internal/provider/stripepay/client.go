// Package stripepay is the card-payment client used for rent, fees and
// auction buyer payments. It wraps stripe-go and exposes only what the
// services need.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Client talks to Stripe.
type Client struct {
	sc       *stripe.Client
	currency string
}

// New builds a client with its own HTTP timeout.
func New(secretKey string, timeout time.Duration) *Client {
	retries := int64(1)
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		HTTPClient:        &http.Client{Timeout: timeout},
		MaxNetworkRetries: &retries,
	})
	return &Client{
		sc:       stripe.NewClient(secretKey, stripe.WithBackends(backends)),
		currency: string(stripe.CurrencyUSD),
	}
}

// CallOption adjusts a single API call.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call. Stripe
// returns the original result for a repeated key for at least 24 hours.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithMetadata attaches metadata to the created object.
func WithMetadata(kv map[string]string) CallOption {
	return func(c *callConfig) {
		if c.metadata == nil {
			c.metadata = map[string]string{}
		}
		for k, v := range kv {
			c.metadata[k] = v
		}
	}
}

// NewKey returns a fresh idempotency key for callers that have no natural one.
func NewKey() string {
	return "sd-" + uuid.NewString()
}

func apply(p *stripe.Params, opts []CallOption) {
	var cfg callConfig
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.idempotencyKey != "" {
		p.SetIdempotencyKey(cfg.idempotencyKey)
	}
	for k, v := range cfg.metadata {
		p.AddMetadata(k, v)
	}
}

// ChargeRequest describes an off-session or on-session card charge.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Description     string
	OffSession      bool
	ReceiptEmail    string
}

// Charge is the result of a confirmed PaymentIntent.
type Charge struct {
	IntentID    string
	Status      string
	AmountCents int64
}

// Charge creates and confirms a PaymentIntent.
func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(c.currency),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	if req.OffSession {
		params.OffSession = stripe.Bool(true)
	}
	if req.ReceiptEmail != "" {
		params.ReceiptEmail = stripe.String(req.ReceiptEmail)
	}
	apply(&params.Params, opts)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, wrap(err)
	}
	return &Charge{IntentID: pi.ID, Status: string(pi.Status), AmountCents: pi.Amount}, nil
}

// RefundRequest refunds all or part of a PaymentIntent.
type RefundRequest struct {
	IntentID    string
	AmountCents int64
	Reason      string
}

// Refund is the created refund.
type Refund struct {
	ID          string
	Status      string
	AmountCents int64
}

// Refund creates a refund against a PaymentIntent.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.IntentID),
	}
	if req.AmountCents > 0 {
		params.Amount = stripe.Int64(req.AmountCents)
	}
	if req.Reason != "" {
		params.AddMetadata("reason", req.Reason)
	}
	apply(&params.Params, opts)
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, wrap(err)
	}
	return &Refund{ID: r.ID, Status: string(r.Status), AmountCents: r.Amount}, nil
}

// EnsureCustomer creates the Stripe customer for a tenant.
func (c *Client) EnsureCustomer(ctx context.Context, tenantID, email, name string, opts ...CallOption) (string, error) {
	params := &stripe.CustomerCreateParams{
		Email: stripe.String(email),
		Name:  stripe.String(name),
	}
	params.AddMetadata("tenant_id", tenantID)
	apply(&params.Params, opts)
	cust, err := c.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", wrap(err)
	}
	return cust.ID, nil
}

// AttachPaymentMethod attaches a card to a customer. Attaching a card that is
// already attached to the same customer returns the card unchanged.
func (c *Client) AttachPaymentMethod(ctx context.Context, customerID, pmID string) error {
	_, err := c.sc.V1PaymentMethods.Attach(ctx, pmID, &stripe.PaymentMethodAttachParams{
		Customer: stripe.String(customerID),
	})
	return wrap(err)
}

// ParseEvent verifies a webhook payload's signature.
func ParseEvent(payload []byte, sigHeader, secret string) (stripe.Event, error) {
	return webhook.ConstructEventWithOptions(payload, sigHeader, secret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
}

// Error is returned for Stripe API failures.
type Error struct {
	Status  int
	Code    string
	Decline string
	Msg     string
}

func (e *Error) Error() string {
	return fmt.Sprintf("stripe: %d %s %s", e.Status, e.Code, e.Msg)
}

// Temporary marks rate limits and server-side errors as retryable.
func (e *Error) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Declined reports a card decline.
func (e *Error) Declined() bool {
	return e.Decline != "" || e.Code == string(stripe.ErrorCodeCardDeclined)
}

func wrap(err error) error {
	if err == nil {
		return nil
	}
	var se *stripe.Error
	if errors.As(err, &se) {
		return &Error{Status: se.HTTPStatusCode, Code: string(se.Code), Decline: string(se.DeclineCode), Msg: se.Msg}
	}
	return err
}

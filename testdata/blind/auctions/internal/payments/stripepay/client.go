// Package stripepay wraps stripe-go with the handful of calls the auction
// house makes: charging winners, refunds and transfers to sellers.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// CallOption adjusts a single Stripe request.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sends key as Stripe's Idempotency-Key header. Stripe
// returns the original response for any request repeated with the same key
// within 24 hours.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithMetadata attaches a metadata pair to the created object.
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

// Client is the Stripe gateway.
type Client struct {
	sc *stripe.Client
}

// New builds a Client for the given secret key.
func New(secretKey string) *Client {
	return &Client{sc: stripe.NewClient(secretKey)}
}

// ChargeRequest describes a card charge on a saved or supplied payment method.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	OffSession      bool
}

// ChargeResult is what callers need from a PaymentIntent.
type ChargeResult struct {
	PaymentIntentID string
	Status          string
	ClientSecret    string
}

// ErrCardDeclined is returned when the issuer declines the charge.
var ErrCardDeclined = errors.New("stripepay: card declined")

// Charge creates and confirms a PaymentIntent.
func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (ChargeResult, error) {
	cfg := collect(opts)
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	if req.OffSession {
		params.OffSession = stripe.Bool(true)
	}
	cfg.apply(&params.Params)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeCardDeclined {
			return ChargeResult{}, fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
		}
		return ChargeResult{}, fmt.Errorf("stripepay: create intent: %w", err)
	}
	return ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

// RefundRequest describes a refund against a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
}

// Refund issues a (partial) refund.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (string, error) {
	cfg := collect(opts)
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	cfg.apply(&params.Params)
	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripepay: refund: %w", err)
	}
	return rf.ID, nil
}

// TransferRequest moves funds to a seller's connected account.
type TransferRequest struct {
	DestinationAccount string
	AmountCents        int64
	Currency           string
	TransferGroup      string
	SourceCharge       string
}

// Transfer creates a Connect transfer.
func (c *Client) Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (string, error) {
	cfg := collect(opts)
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Destination:   stripe.String(req.DestinationAccount),
		TransferGroup: stripe.String(req.TransferGroup),
	}
	cfg.apply(&params.Params)
	tr, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripepay: transfer: %w", err)
	}
	return tr.ID, nil
}

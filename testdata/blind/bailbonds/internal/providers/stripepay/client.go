// Package stripepay wraps the parts of the Stripe API the agency uses: card
// charges for premiums and collateral, and refunds.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// Client is a thin, typed front to stripe.Client.
type Client struct {
	sc         *stripe.Client
	currency   string
	descriptor string
	backends   *stripe.Backends
}

// Option configures a Client.
type Option func(*Client)

// WithStatementDescriptorSuffix sets the suffix shown on card statements.
func WithStatementDescriptorSuffix(s string) Option {
	return func(c *Client) { c.descriptor = s }
}

// WithBackends points the client at custom backends (stripe-mock in dev).
func WithBackends(b *stripe.Backends) Option {
	return func(c *Client) { c.backends = b }
}

// New builds a Client for the given secret key.
func New(secretKey string, opts ...Option) *Client {
	c := &Client{currency: "usd", descriptor: "BAIL BOND"}
	for _, o := range opts {
		o(c)
	}
	var sopts []stripe.ClientOption
	if c.backends != nil {
		sopts = append(sopts, stripe.WithBackends(c.backends))
	}
	c.sc = stripe.NewClient(secretKey, sopts...)
	return c
}

// ChargeInput describes a card charge confirmed at creation.
type ChargeInput struct {
	AmountCents     int64
	CustomerID      string
	PaymentMethodID string
	ReceiptEmail    string
	Description     string
	OffSession      bool
	Metadata        map[string]string
	// IdempotencyKey, when set, is sent as Stripe's Idempotency-Key header.
	IdempotencyKey string
}

// Charge is the outcome of a confirmed PaymentIntent.
type Charge struct {
	PaymentIntentID string
	Status          string
	AmountCents     int64
}

// ErrCardDeclined is returned when Stripe declines the card.
var ErrCardDeclined = errors.New("stripepay: card declined")

// Charge creates and confirms a PaymentIntent.
func (c *Client) Charge(ctx context.Context, in ChargeInput) (*Charge, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:                    stripe.Int64(in.AmountCents),
		Currency:                  stripe.String(c.currency),
		PaymentMethod:             stripe.String(in.PaymentMethodID),
		PaymentMethodTypes:        stripe.StringSlice([]string{"card"}),
		Confirm:                   stripe.Bool(true),
		StatementDescriptorSuffix: stripe.String(c.descriptor),
	}
	if in.CustomerID != "" {
		params.Customer = stripe.String(in.CustomerID)
	}
	if in.ReceiptEmail != "" {
		params.ReceiptEmail = stripe.String(in.ReceiptEmail)
	}
	if in.Description != "" {
		params.Description = stripe.String(in.Description)
	}
	if in.OffSession {
		params.OffSession = stripe.Bool(true)
	}
	for k, v := range in.Metadata {
		params.AddMetadata(k, v)
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var serr *stripe.Error
		if errors.As(err, &serr) && serr.Type == stripe.ErrorTypeCard {
			return nil, fmt.Errorf("%w: %s", ErrCardDeclined, serr.Msg)
		}
		return nil, fmt.Errorf("stripepay: create payment intent: %w", err)
	}
	return &Charge{PaymentIntentID: pi.ID, Status: string(pi.Status), AmountCents: pi.Amount}, nil
}

// RefundInput describes a (possibly partial) refund of a PaymentIntent.
type RefundInput struct {
	PaymentIntentID string
	AmountCents     int64
	Metadata        map[string]string
	IdempotencyKey  string
}

// Refund is the outcome of a refund request.
type Refund struct {
	ID     string
	Status string
}

// Refund refunds part or all of a PaymentIntent.
func (c *Client) Refund(ctx context.Context, in RefundInput) (*Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(in.PaymentIntentID),
		Amount:        stripe.Int64(in.AmountCents),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	for k, v := range in.Metadata {
		params.AddMetadata(k, v)
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripepay: create refund: %w", err)
	}
	return &Refund{ID: r.ID, Status: string(r.Status)}, nil
}

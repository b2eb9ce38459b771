// Package payments wraps Stripe for premium collection, refunds and
// direct-to-vet transfers.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// Gateway is what services depend on; *Client implements it.
type Gateway interface {
	ChargeCard(ctx context.Context, req ChargeRequest, opts ...Option) (ChargeResult, error)
	Refund(ctx context.Context, paymentIntentID string, amountCents int64, opts ...Option) (RefundResult, error)
	TransferToClinic(ctx context.Context, account string, amountCents int64, currency string, opts ...Option) (string, error)
}

type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	PolicyID        string
}

type ChargeResult struct {
	PaymentIntentID string
	Status          string // succeeded, processing, requires_action, declined
	DeclineCode     string
}

func (r ChargeResult) Succeeded() bool {
	return r.Status == string(stripe.PaymentIntentStatusSucceeded)
}

type RefundResult struct {
	RefundID string
	Status   string
}

// Option customises a single Stripe request.
type Option func(*callOptions)

type callOptions struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets Stripe's Idempotency-Key header. Stripe replays the
// original response for 24h for a repeated key.
func WithIdempotencyKey(key string) Option {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithMetadata attaches metadata to the created object.
func WithMetadata(k, v string) Option {
	return func(o *callOptions) {
		if o.metadata == nil {
			o.metadata = map[string]string{}
		}
		o.metadata[k] = v
	}
}

func collect(opts []Option) callOptions {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

func (o callOptions) apply(p *stripe.Params) {
	if o.idempotencyKey != "" {
		p.SetIdempotencyKey(o.idempotencyKey)
	}
	for k, v := range o.metadata {
		p.AddMetadata(k, v)
	}
}

type Client struct {
	sc *stripe.Client
}

func NewClient(secretKey string) *Client {
	return &Client{sc: stripe.NewClient(secretKey)}
}

// ChargeCard creates and confirms an off-session PaymentIntent. Card declines
// are reported in the result rather than as an error.
func (c *Client) ChargeCard(ctx context.Context, req ChargeRequest, opts ...Option) (ChargeResult, error) {
	o := collect(opts)
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	params.AddMetadata("policy_id", req.PolicyID)
	o.apply(&params.Params)

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			res := ChargeResult{Status: "declined", DeclineCode: string(se.DeclineCode)}
			if se.PaymentIntent != nil {
				res.PaymentIntentID = se.PaymentIntent.ID
			}
			return res, nil
		}
		return ChargeResult{}, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

// Refund refunds part or all of a PaymentIntent.
func (c *Client) Refund(ctx context.Context, paymentIntentID string, amountCents int64, opts ...Option) (RefundResult, error) {
	o := collect(opts)
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	o.apply(&params.Params)
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, fmt.Errorf("stripe: create refund: %w", err)
	}
	return RefundResult{RefundID: r.ID, Status: string(r.Status)}, nil
}

// TransferToClinic moves funds to a vet clinic's connected account.
func (c *Client) TransferToClinic(ctx context.Context, account string, amountCents int64, currency string, opts ...Option) (string, error) {
	o := collect(opts)
	params := &stripe.TransferCreateParams{
		Amount:      stripe.Int64(amountCents),
		Currency:    stripe.String(currency),
		Destination: stripe.String(account),
	}
	o.apply(&params.Params)
	t, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create transfer: %w", err)
	}
	return t.ID, nil
}

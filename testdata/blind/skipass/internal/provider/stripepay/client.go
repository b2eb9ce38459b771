// Package stripepay wraps the Stripe SDK with the few calls the resort uses.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/summitline/skipass/internal/config"
)

// CallOption adjusts the request parameters common to every Stripe call.
type CallOption func(*stripe.Params)

// WithIdempotencyKey sets Stripe's Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(p *stripe.Params) { p.SetIdempotencyKey(key) }
}

// WithMetadata adds metadata entries to the call.
func WithMetadata(kv map[string]string) CallOption {
	return func(p *stripe.Params) {
		for k, v := range kv {
			p.AddMetadata(k, v)
		}
	}
}

// PaymentIntentInput is the resort's view of a PaymentIntent request.
type PaymentIntentInput struct {
	AmountCents   int64
	Currency      string
	CustomerID    string
	PaymentMethod string
	Description   string
	OffSession    bool
	Confirm       bool
}

// RefundInput refunds part or all of a PaymentIntent.
type RefundInput struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
}

// Client is a thin wrapper around *stripe.Client.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
}

func New(cfg config.Config) *Client {
	return &Client{
		sc:            stripe.NewClient(cfg.StripeSecretKey),
		webhookSecret: cfg.StripeWebhookSecret,
	}
}

func (c *Client) CreatePaymentIntent(ctx context.Context, in PaymentIntentInput, opts ...CallOption) (*stripe.PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:   stripe.Int64(in.AmountCents),
		Currency: stripe.String(in.Currency),
	}
	if in.CustomerID != "" {
		params.Customer = stripe.String(in.CustomerID)
	}
	if in.PaymentMethod != "" {
		params.PaymentMethod = stripe.String(in.PaymentMethod)
	}
	if in.Description != "" {
		params.Description = stripe.String(in.Description)
	}
	if in.OffSession {
		params.OffSession = stripe.Bool(true)
	}
	if in.Confirm {
		params.Confirm = stripe.Bool(true)
	} else {
		params.AutomaticPaymentMethods = &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		}
	}
	for _, o := range opts {
		o(&params.Params)
	}
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, wrap("create payment intent", err)
	}
	return pi, nil
}

func (c *Client) GetPaymentIntent(ctx context.Context, id string) (*stripe.PaymentIntent, error) {
	pi, err := c.sc.V1PaymentIntents.Retrieve(ctx, id, nil)
	if err != nil {
		return nil, wrap("retrieve payment intent", err)
	}
	return pi, nil
}

func (c *Client) Refund(ctx context.Context, in RefundInput, opts ...CallOption) (*stripe.Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(in.PaymentIntentID),
	}
	if in.AmountCents > 0 {
		params.Amount = stripe.Int64(in.AmountCents)
	}
	if in.Reason != "" {
		params.Reason = stripe.String(in.Reason)
	}
	for _, o := range opts {
		o(&params.Params)
	}
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, wrap("create refund", err)
	}
	return r, nil
}

// ParseWebhook verifies the Stripe-Signature header and decodes the event.
func (c *Client) ParseWebhook(payload []byte, sigHeader string) (stripe.Event, error) {
	return webhook.ConstructEventWithOptions(payload, sigHeader, c.webhookSecret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
}

// CardDeclined reports whether err is a card decline (no point retrying).
func CardDeclined(err error) bool {
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.Type == stripe.ErrorTypeCard
	}
	return false
}

func wrap(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		return fmt.Errorf("stripe %s: %s (%s): %w", op, se.Msg, se.Code, err)
	}
	return fmt.Errorf("stripe %s: %w", op, err)
}

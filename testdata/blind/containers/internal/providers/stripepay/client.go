// Package stripepay wraps the Stripe client for demurrage card payments.
package stripepay

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/quaymark/terminal-ops/internal/config"
)

// Client is the narrow Stripe surface the billing service uses.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
}

// New builds a Client from config.
func New(cfg *config.Config) *Client {
	return &Client{
		sc:            stripe.NewClient(cfg.StripeSecretKey),
		webhookSecret: cfg.StripeWebhookSecret,
	}
}

// ChargeParams describes a PaymentIntent to create.
type ChargeParams struct {
	AmountCents    int64
	Currency       string
	Customer       string
	PaymentMethod  string
	OffSession     bool
	Description    string
	Metadata       map[string]string
	IdempotencyKey string // sent as the Idempotency-Key header when set
}

// Charge creates and confirms a PaymentIntent.
func (c *Client) Charge(ctx context.Context, p ChargeParams) (*stripe.PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(p.AmountCents),
		Currency:      stripe.String(p.Currency),
		PaymentMethod: stripe.String(p.PaymentMethod),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(p.Description),
		Metadata:      p.Metadata,
	}
	if p.Customer != "" {
		params.Customer = stripe.String(p.Customer)
	}
	if p.OffSession {
		params.OffSession = stripe.Bool(true)
	}
	if p.IdempotencyKey != "" {
		params.SetIdempotencyKey(p.IdempotencyKey)
	}
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe create payment intent: %w", err)
	}
	return pi, nil
}

// Refund refunds amount of a PaymentIntent under the given idempotency key.
func (c *Client) Refund(ctx context.Context, paymentIntentID string, amountCents int64, idempotencyKey string, meta map[string]string) (*stripe.Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
		Metadata:      meta,
	}
	params.SetIdempotencyKey(idempotencyKey)
	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe refund: %w", err)
	}
	return rf, nil
}

// ParseWebhook verifies the signature and decodes the event.
func (c *Client) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEventWithOptions(payload, signature, c.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
}

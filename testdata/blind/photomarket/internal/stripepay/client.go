// Package stripepay wraps stripe-go for the calls Photomarket makes:
// PaymentIntents for deposits, balances and print orders, refunds, and
// Connect transfers to photographers.
package stripepay

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Client is a thin, typed facade over stripe.Client.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
	connectSecret string
}

// Config holds API and webhook secrets.
type Config struct {
	SecretKey            string
	WebhookSecret        string
	ConnectWebhookSecret string
}

// New builds a Client.
func New(cfg Config, opts ...stripe.ClientOption) *Client {
	return &Client{
		sc:            stripe.NewClient(cfg.SecretKey, opts...),
		webhookSecret: cfg.WebhookSecret,
		connectSecret: cfg.ConnectWebhookSecret,
	}
}

type callOptions struct {
	idempotencyKey string
}

// CallOption adjusts a single API call.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header. Stripe returns the
// original response for a repeated key for 24 hours.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

func apply(p *stripe.Params, opts []CallOption) {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	if o.idempotencyKey != "" {
		p.SetIdempotencyKey(o.idempotencyKey)
	}
}

// IntentInput describes a PaymentIntent to create.
type IntentInput struct {
	AmountCents   int64
	Currency      string
	CustomerID    string
	PaymentMethod string
	OffSession    bool
	Description   string
	TransferGroup string
	Metadata      map[string]string
}

// Intent is the subset of a PaymentIntent the services need.
type Intent struct {
	ID           string
	ClientSecret string
	Status       string
}

// CreatePaymentIntent creates (and, with a payment method, confirms) a
// PaymentIntent.
func (c *Client) CreatePaymentIntent(ctx context.Context, in IntentInput, opts ...CallOption) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:      stripe.Int64(in.AmountCents),
		Currency:    stripe.String(in.Currency),
		Description: stripe.String(in.Description),
		Metadata:    in.Metadata,
	}
	if in.CustomerID != "" {
		params.Customer = stripe.String(in.CustomerID)
	}
	if in.TransferGroup != "" {
		params.TransferGroup = stripe.String(in.TransferGroup)
	}
	if in.PaymentMethod != "" {
		params.PaymentMethod = stripe.String(in.PaymentMethod)
		params.Confirm = stripe.Bool(true)
		params.OffSession = stripe.Bool(in.OffSession)
	} else {
		params.AutomaticPaymentMethods = &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		}
	}
	apply(&params.Params, opts)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &Intent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status)}, nil
}

// CancelPaymentIntent cancels an unconfirmed or uncaptured intent.
func (c *Client) CancelPaymentIntent(ctx context.Context, id, reason string, opts ...CallOption) error {
	params := &stripe.PaymentIntentCancelParams{
		CancellationReason: stripe.String(reason),
	}
	apply(&params.Params, opts)
	if _, err := c.sc.V1PaymentIntents.Cancel(ctx, id, params); err != nil {
		return fmt.Errorf("stripe: cancel payment intent %s: %w", id, err)
	}
	return nil
}

// RefundInput describes a refund of a PaymentIntent.
type RefundInput struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
}

// RefundResult is the subset of a Refund the services need.
type RefundResult struct {
	ID     string
	Status string
}

// Refund refunds all or part of a PaymentIntent.
func (c *Client) Refund(ctx context.Context, in RefundInput, opts ...CallOption) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(in.PaymentIntentID),
		Metadata:      in.Metadata,
	}
	if in.AmountCents > 0 {
		params.Amount = stripe.Int64(in.AmountCents)
	}
	if in.Reason != "" {
		params.Reason = stripe.String(in.Reason)
	}
	apply(&params.Params, opts)
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: refund %s: %w", in.PaymentIntentID, err)
	}
	return &RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

// TransferInput describes a Connect transfer to a photographer.
type TransferInput struct {
	AmountCents   int64
	Currency      string
	Destination   string
	TransferGroup string
	Description   string
	Metadata      map[string]string
}

// TransferResult is the subset of a Transfer the services need.
type TransferResult struct {
	ID string
}

// Transfer moves funds from the platform balance to a connected account.
func (c *Client) Transfer(ctx context.Context, in TransferInput, opts ...CallOption) (*TransferResult, error) {
	params := &stripe.TransferCreateParams{
		Amount:      stripe.Int64(in.AmountCents),
		Currency:    stripe.String(in.Currency),
		Destination: stripe.String(in.Destination),
		Description: stripe.String(in.Description),
		Metadata:    in.Metadata,
	}
	if in.TransferGroup != "" {
		params.TransferGroup = stripe.String(in.TransferGroup)
	}
	apply(&params.Params, opts)
	t, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: transfer to %s: %w", in.Destination, err)
	}
	return &TransferResult{ID: t.ID}, nil
}

// ParseWebhook verifies a platform webhook delivery.
func (c *Client) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEvent(payload, signature, c.webhookSecret)
}

// ParseConnectWebhook verifies a Connect webhook delivery.
func (c *Client) ParseConnectWebhook(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEvent(payload, signature, c.connectSecret)
}

// Package payments wraps Stripe for patient co-pays, refunds and practice
// payouts (Connect transfers). Stripe deduplicates POSTs that carry the same
// Idempotency-Key for 24 hours.
package payments

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Client is the subset of Stripe the clearinghouse uses.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
}

// NewClient builds a Stripe client.
func NewClient(secretKey, webhookSecret string) *Client {
	return &Client{sc: stripe.NewClient(secretKey), webhookSecret: webhookSecret}
}

// CopayIntentInput describes a card co-pay.
type CopayIntentInput struct {
	AmountCents     int64
	PaymentMethodID string
	CustomerID      string
	Description     string
	Metadata        map[string]string
	IdempotencyKey  string
}

// Intent is the result of creating a PaymentIntent.
type Intent struct {
	ID           string
	Status       string
	ClientSecret string
}

// CreateCopayIntent creates and confirms a PaymentIntent for a co-pay.
func (c *Client) CreateCopayIntent(ctx context.Context, in CopayIntentInput) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(string(stripe.CurrencyUSD)),
		PaymentMethod: stripe.String(in.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(in.Description),
		Metadata:      in.Metadata,
	}
	if in.CustomerID != "" {
		params.Customer = stripe.String(in.CustomerID)
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe create payment intent: %w", err)
	}
	return &Intent{ID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

// RefundInput describes a refund of a co-pay.
type RefundInput struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is Stripe's refund.
type RefundResult struct {
	ID     string
	Status string
}

// Refund refunds part or all of a PaymentIntent.
func (c *Client) Refund(ctx context.Context, in RefundInput) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(in.PaymentIntentID),
		Amount:        stripe.Int64(in.AmountCents),
		Metadata:      in.Metadata,
	}
	if in.Reason != "" {
		params.Reason = stripe.String(in.Reason)
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe refund: %w", err)
	}
	return &RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

// TransferInput moves funds to a practice's connected account.
type TransferInput struct {
	AmountCents        int64
	DestinationAccount string
	TransferGroup      string
	Description        string
	Metadata           map[string]string
	IdempotencyKey     string
}

// TransferResult is Stripe's transfer.
type TransferResult struct {
	ID string
}

// Transfer creates a Connect transfer.
func (c *Client) Transfer(ctx context.Context, in TransferInput) (*TransferResult, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(string(stripe.CurrencyUSD)),
		Destination:   stripe.String(in.DestinationAccount),
		TransferGroup: stripe.String(in.TransferGroup),
		Description:   stripe.String(in.Description),
		Metadata:      in.Metadata,
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	t, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe transfer: %w", err)
	}
	return &TransferResult{ID: t.ID}, nil
}

// ParseWebhook verifies the Stripe-Signature header and decodes the event.
func (c *Client) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEvent(payload, signature, c.webhookSecret)
}

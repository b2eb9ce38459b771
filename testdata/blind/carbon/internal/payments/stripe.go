// Package payments wraps Stripe for order payments, refunds and developer
// payouts.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Gateway is the subset of Stripe the marketplace uses.
type Gateway interface {
	CreatePaymentIntent(ctx context.Context, amount int64, currency string, opts ...IntentOption) (*stripe.PaymentIntent, error)
	GetPaymentIntent(ctx context.Context, id string) (*stripe.PaymentIntent, error)
	CancelPaymentIntent(ctx context.Context, id string) error
	Refund(ctx context.Context, paymentIntentID string, amount int64, reason string) (*stripe.Refund, error)
	Transfer(ctx context.Context, req TransferRequest) (*stripe.Transfer, error)
}

// IntentOption customises a PaymentIntent before it is created.
type IntentOption func(*stripe.PaymentIntentCreateParams)

// WithIdempotencyKey sets the Idempotency-Key header Stripe uses to collapse
// repeated creates.
func WithIdempotencyKey(key string) IntentOption {
	return func(p *stripe.PaymentIntentCreateParams) { p.SetIdempotencyKey(key) }
}

// WithCustomer attaches the intent to a Stripe customer.
func WithCustomer(customerID string) IntentOption {
	return func(p *stripe.PaymentIntentCreateParams) { p.Customer = stripe.String(customerID) }
}

// WithOffSessionConfirm confirms the intent immediately against a saved
// payment method, without the buyer present.
func WithOffSessionConfirm(paymentMethodID string) IntentOption {
	return func(p *stripe.PaymentIntentCreateParams) {
		p.PaymentMethod = stripe.String(paymentMethodID)
		p.Confirm = stripe.Bool(true)
		p.OffSession = stripe.Bool(true)
	}
}

// WithMetadata adds a metadata entry.
func WithMetadata(key, value string) IntentOption {
	return func(p *stripe.PaymentIntentCreateParams) { p.AddMetadata(key, value) }
}

// WithTransferGroup groups the charge with the developer transfers it funds.
func WithTransferGroup(group string) IntentOption {
	return func(p *stripe.PaymentIntentCreateParams) { p.TransferGroup = stripe.String(group) }
}

// TransferRequest describes a transfer to a connected account.
type TransferRequest struct {
	AmountCents    int64
	Currency       string
	Destination    string
	TransferGroup  string
	IdempotencyKey string
	Metadata       map[string]string
}

// Client is the live Stripe implementation of Gateway.
type Client struct {
	sc *stripe.Client
}

// NewClient returns a Gateway backed by the Stripe API.
func NewClient(secretKey string) *Client {
	return &Client{sc: stripe.NewClient(secretKey)}
}

func (c *Client) CreatePaymentIntent(ctx context.Context, amount int64, currency string, opts ...IntentOption) (*stripe.PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:   stripe.Int64(amount),
		Currency: stripe.String(currency),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		},
	}
	for _, opt := range opts {
		opt(params)
	}
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, classify(err)
	}
	return pi, nil
}

func (c *Client) GetPaymentIntent(ctx context.Context, id string) (*stripe.PaymentIntent, error) {
	pi, err := c.sc.V1PaymentIntents.Retrieve(ctx, id, nil)
	if err != nil {
		return nil, classify(err)
	}
	return pi, nil
}

func (c *Client) CancelPaymentIntent(ctx context.Context, id string) error {
	_, err := c.sc.V1PaymentIntents.Cancel(ctx, id, &stripe.PaymentIntentCancelParams{
		CancellationReason: stripe.String(string(stripe.PaymentIntentCancellationReasonAbandoned)),
	})
	var se *stripe.Error
	if errors.As(err, &se) && se.Code == stripe.ErrorCodePaymentIntentUnexpectedState {
		// Already cancelled (or otherwise terminal): nothing left to do.
		return nil
	}
	if err != nil {
		return classify(err)
	}
	return nil
}

func (c *Client) Refund(ctx context.Context, paymentIntentID string, amount int64, reason string) (*stripe.Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amount),
		Reason:        stripe.String(reason),
	}
	params.AddMetadata("source", "carbonreg")
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, classify(err)
	}
	return r, nil
}

func (c *Client) Transfer(ctx context.Context, req TransferRequest) (*stripe.Transfer, error) {
	params := &stripe.TransferCreateParams{
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    stripe.String(req.Currency),
		Destination: stripe.String(req.Destination),
	}
	if req.TransferGroup != "" {
		params.TransferGroup = stripe.String(req.TransferGroup)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	t, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, classify(err)
	}
	return t, nil
}

// ParseEvent verifies a webhook signature and decodes the event.
func ParseEvent(payload []byte, signature, secret string) (stripe.Event, error) {
	ev, err := webhook.ConstructEvent(payload, signature, secret)
	if err != nil {
		return stripe.Event{}, fmt.Errorf("payments: webhook: %w", err)
	}
	return ev, nil
}

// Package payments wraps Stripe behind a small Gateway interface and handles
// Stripe webhook events relayed onto Kafka.
package payments

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// CallOption customises a single provider call.
type CallOption func(*stripe.Params)

// WithIdempotencyKey sets Stripe's Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(p *stripe.Params) { p.SetIdempotencyKey(key) }
}

// OnAccount performs the call on a connected account.
func OnAccount(accountID string) CallOption {
	return func(p *stripe.Params) { p.SetStripeAccount(accountID) }
}

// WithMetadata attaches metadata to the created object.
func WithMetadata(kv map[string]string) CallOption {
	return func(p *stripe.Params) {
		for k, v := range kv {
			p.AddMetadata(k, v)
		}
	}
}

func apply(p *stripe.Params, opts []CallOption) {
	for _, o := range opts {
		o(p)
	}
}

// IntentRequest describes a PaymentIntent to create.
type IntentRequest struct {
	AmountCents int64
	Currency    string
	Customer    string
	Description string
	Manual      bool // capture later
}

// Intent is the subset of a PaymentIntent the platform uses.
type Intent struct {
	ID           string
	ClientSecret string
	Status       string
	Amount       int64
}

// TransferRequest moves funds to a connected account.
type TransferRequest struct {
	AmountCents   int64
	Currency      string
	Destination   string
	TransferGroup string
}

// PayoutRequest pays a connected account's balance out to its bank.
type PayoutRequest struct {
	AmountCents int64
	Currency    string
	Account     string
	Descriptor  string
}

// Gateway is what services depend on.
type Gateway interface {
	CreatePaymentIntent(ctx context.Context, in IntentRequest, opts ...CallOption) (Intent, error)
	GetPaymentIntent(ctx context.Context, intentID string) (Intent, error)
	CapturePaymentIntent(ctx context.Context, intentID string, amountCents int64, opts ...CallOption) (Intent, error)
	Refund(ctx context.Context, intentID string, amountCents int64, reason string, opts ...CallOption) (refundID string, err error)
	Transfer(ctx context.Context, in TransferRequest, opts ...CallOption) (transferID string, err error)
	Payout(ctx context.Context, in PayoutRequest, opts ...CallOption) (payoutID string, err error)
}

// StripeGateway implements Gateway with stripe-go.
type StripeGateway struct {
	sc *stripe.Client
}

func NewStripeGateway(secretKey string) *StripeGateway {
	return &StripeGateway{sc: stripe.NewClient(secretKey)}
}

func (g *StripeGateway) CreatePaymentIntent(ctx context.Context, in IntentRequest, opts ...CallOption) (Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:      stripe.Int64(in.AmountCents),
		Currency:    stripe.String(in.Currency),
		Description: stripe.String(in.Description),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		},
	}
	if in.Customer != "" {
		params.Customer = stripe.String(in.Customer)
	}
	if in.Manual {
		params.CaptureMethod = stripe.String(string(stripe.PaymentIntentCaptureMethodManual))
	}
	apply(&params.Params, opts)
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return Intent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status), Amount: pi.Amount}, nil
}

func (g *StripeGateway) GetPaymentIntent(ctx context.Context, intentID string) (Intent, error) {
	pi, err := g.sc.V1PaymentIntents.Retrieve(ctx, intentID, nil)
	if err != nil {
		return Intent{}, fmt.Errorf("stripe: retrieve %s: %w", intentID, err)
	}
	return Intent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status), Amount: pi.Amount}, nil
}

func (g *StripeGateway) CapturePaymentIntent(ctx context.Context, intentID string, amountCents int64, opts ...CallOption) (Intent, error) {
	params := &stripe.PaymentIntentCaptureParams{AmountToCapture: stripe.Int64(amountCents)}
	apply(&params.Params, opts)
	pi, err := g.sc.V1PaymentIntents.Capture(ctx, intentID, params)
	if err != nil {
		return Intent{}, fmt.Errorf("stripe: capture %s: %w", intentID, err)
	}
	return Intent{ID: pi.ID, Status: string(pi.Status), Amount: pi.AmountReceived}, nil
}

func (g *StripeGateway) Refund(ctx context.Context, intentID string, amountCents int64, reason string, opts ...CallOption) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(intentID),
		Amount:        stripe.Int64(amountCents),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	params.AddMetadata("platform_reason", reason)
	apply(&params.Params, opts)
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: refund %s: %w", intentID, err)
	}
	return r.ID, nil
}

func (g *StripeGateway) Transfer(ctx context.Context, in TransferRequest, opts ...CallOption) (string, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(in.Currency),
		Destination:   stripe.String(in.Destination),
		TransferGroup: stripe.String(in.TransferGroup),
	}
	apply(&params.Params, opts)
	t, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: transfer: %w", err)
	}
	return t.ID, nil
}

func (g *StripeGateway) Payout(ctx context.Context, in PayoutRequest, opts ...CallOption) (string, error) {
	params := &stripe.PayoutCreateParams{
		Amount:              stripe.Int64(in.AmountCents),
		Currency:            stripe.String(in.Currency),
		StatementDescriptor: stripe.String(in.Descriptor),
	}
	params.SetStripeAccount(in.Account)
	apply(&params.Params, opts)
	p, err := g.sc.V1Payouts.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: payout: %w", err)
	}
	return p.ID, nil
}

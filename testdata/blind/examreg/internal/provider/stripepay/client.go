// Package stripepay wraps the Stripe calls used for exam fees and refunds.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
	"github.com/stripe/stripe-go/v82/refund"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Options configures the Stripe client.
type Options struct {
	SecretKey     string
	WebhookSecret string
	// KeyFunc returns the Idempotency-Key sent when creating a fee intent.
	// The SDK reuses it across its own network retries of the call.
	KeyFunc func() string
	// StatementDescriptorSuffix appears on the candidate's card statement.
	StatementDescriptorSuffix string
}

// Client is the fee/refund gateway used by the payment and refund services.
type Client struct {
	keyFunc       func() string
	webhookSecret string
	descriptor    string
}

// New configures the global Stripe key and returns a Client.
func New(opts Options) *Client {
	stripe.Key = opts.SecretKey
	if opts.KeyFunc == nil {
		opts.KeyFunc = stripe.NewIdempotencyKey
	}
	return &Client{
		keyFunc:       opts.KeyFunc,
		webhookSecret: opts.WebhookSecret,
		descriptor:    opts.StatementDescriptorSuffix,
	}
}

// FeeIntentRequest describes an exam fee to collect.
type FeeIntentRequest struct {
	RegistrationID string
	CandidateEmail string
	AmountMinor    int64
	Currency       string
	ExamCode       string
}

// FeeIntent is what the front end needs to complete payment.
type FeeIntent struct {
	ID           string
	ClientSecret string
	Status       string
}

// CreateFeeIntent creates a PaymentIntent for an exam fee.
func (c *Client) CreateFeeIntent(ctx context.Context, req FeeIntentRequest) (*FeeIntent, error) {
	params := &stripe.PaymentIntentParams{
		Amount:       stripe.Int64(req.AmountMinor),
		Currency:     stripe.String(req.Currency),
		ReceiptEmail: stripe.String(req.CandidateEmail),
		Description:  stripe.String("Exam fee " + req.ExamCode),
		AutomaticPaymentMethods: &stripe.PaymentIntentAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		},
	}
	if c.descriptor != "" {
		params.StatementDescriptorSuffix = stripe.String(c.descriptor)
	}
	params.Context = ctx
	params.AddMetadata("registration_id", req.RegistrationID)
	params.AddMetadata("exam_code", req.ExamCode)
	params.SetIdempotencyKey(c.keyFunc())

	pi, err := paymentintent.New(params)
	if err != nil {
		return nil, fmt.Errorf("stripepay: create intent: %w", err)
	}
	return &FeeIntent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status)}, nil
}

// RefundRequest describes money to return. IdempotencyKey is optional.
type RefundRequest struct {
	IntentID       string
	AmountMinor    int64
	Reason         stripe.RefundReason
	RegistrationID string
	IdempotencyKey string
}

// RefundResult is the Stripe refund created.
type RefundResult struct {
	ID     string
	Status string
}

// Refund refunds part or all of an intent.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	params := &stripe.RefundParams{
		PaymentIntent: stripe.String(req.IntentID),
		Amount:        stripe.Int64(req.AmountMinor),
		Reason:        stripe.String(string(req.Reason)),
	}
	params.Context = ctx
	params.AddMetadata("registration_id", req.RegistrationID)
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	r, err := refund.New(params)
	if err != nil {
		return nil, fmt.Errorf("stripepay: refund: %w", err)
	}
	return &RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

// ErrBadSignature is returned when a webhook fails verification.
var ErrBadSignature = errors.New("stripepay: bad webhook signature")

// VerifyWebhook checks the Stripe-Signature header and decodes the event.
func (c *Client) VerifyWebhook(payload []byte, sigHeader string) (stripe.Event, error) {
	evt, err := webhook.ConstructEventWithOptions(payload, sigHeader, c.webhookSecret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return stripe.Event{}, fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	return evt, nil
}

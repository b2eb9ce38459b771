// Package stripepay takes card payments and issues refunds through Stripe,
// using stripe-go. Stripe deduplicates POSTs that carry the same
// Idempotency-Key for 24 hours and replays the first response, so callers
// that retry must send the same key; it goes in the request structs below.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// ChargeRequest creates and confirms a PaymentIntent in one call.
type ChargeRequest struct {
	AmountCents     int64
	Currency        string
	PaymentMethodID string
	CustomerEmail   string
	Description     string
	Metadata        map[string]string
	IdempotencyKey  string
}

// ChargeResult is the outcome of a charge. Declines are results, not errors.
type ChargeResult struct {
	IntentID    string
	Status      string
	DeclineCode string
}

// Succeeded reports whether the funds were captured.
func (r ChargeResult) Succeeded() bool {
	return r.Status == string(stripe.PaymentIntentStatusSucceeded)
}

// RefundRequest refunds some or all of a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is the refund as Stripe reports it.
type RefundResult struct {
	RefundID string
	Status   string
}

// Client talks to Stripe.
type Client struct {
	sc          *stripe.Client
	statementID string
}

// New returns a Client using the given secret key.
func New(secretKey string, opts ...stripe.ClientOption) *Client {
	return &Client{sc: stripe.NewClient(secretKey, opts...), statementID: "NORTHSOUND"}
}

// Charge creates a PaymentIntent with confirm=true against a saved or
// freshly tokenised payment method.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:                    stripe.Int64(req.AmountCents),
		Currency:                  stripe.String(req.Currency),
		PaymentMethod:             stripe.String(req.PaymentMethodID),
		Confirm:                   stripe.Bool(true),
		Description:               stripe.String(req.Description),
		StatementDescriptorSuffix: stripe.String(c.statementID),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled:        stripe.Bool(true),
			AllowRedirects: stripe.String("never"),
		},
	}
	if req.CustomerEmail != "" {
		params.ReceiptEmail = stripe.String(req.CustomerEmail)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			res := ChargeResult{Status: "failed", DeclineCode: string(se.DeclineCode)}
			if se.PaymentIntent != nil {
				res.IntentID = se.PaymentIntent.ID
			}
			return res, nil
		}
		return ChargeResult{}, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return ChargeResult{IntentID: pi.ID, Status: string(pi.Status)}, nil
}

// Refund creates a refund against a PaymentIntent.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, fmt.Errorf("stripe: create refund: %w", err)
	}
	return RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

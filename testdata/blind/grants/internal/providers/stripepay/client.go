// Package stripepay adapts stripe-go to ports.Payments.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/stripe/stripe-go/v82"

	"github.com/civicfund/grants/internal/platform/retry"
	"github.com/civicfund/grants/internal/ports"
)

// Client implements ports.Payments.
type Client struct {
	sc     *stripe.Client
	policy retry.Policy
}

// Option configures the client.
type Option func(*Client)

// WithRetryPolicy overrides the default retry policy.
func WithRetryPolicy(p retry.Policy) Option { return func(c *Client) { c.policy = p } }

// New builds a client for the given secret key.
func New(secretKey string, opts ...Option) *Client {
	c := &Client{sc: stripe.NewClient(secretKey), policy: retry.Default}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CreateIntent creates (and optionally confirms) a PaymentIntent.
func (c *Client) CreateIntent(ctx context.Context, req ports.IntentRequest) (*ports.Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:   stripe.Int64(req.AmountCents),
		Currency: stripe.String(req.Currency),
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	if req.PaymentMethodID != "" {
		params.PaymentMethod = stripe.String(req.PaymentMethodID)
	}
	if req.OffSession {
		params.OffSession = stripe.Bool(true)
	}
	if req.Confirm {
		params.Confirm = stripe.Bool(true)
	} else {
		params.AutomaticPaymentMethods = &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		}
	}
	if req.Description != "" {
		params.Description = stripe.String(req.Description)
	}
	if req.ReceiptEmail != "" {
		params.ReceiptEmail = stripe.String(req.ReceiptEmail)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}

	pi, err := retry.DoValue(ctx, c.policy, func() (*stripe.PaymentIntent, error) {
		pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
		return pi, classify(err)
	})
	if err != nil {
		return nil, fmt.Errorf("stripe create payment intent: %w", err)
	}
	return &ports.Intent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status)}, nil
}

// Refund refunds all or part of a PaymentIntent.
func (c *Client) Refund(ctx context.Context, req ports.RefundRequest) (*ports.RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
	}
	if req.AmountCents > 0 {
		params.Amount = stripe.Int64(req.AmountCents)
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

	rf, err := retry.DoValue(ctx, c.policy, func() (*stripe.Refund, error) {
		rf, err := c.sc.V1Refunds.Create(ctx, params)
		return rf, classify(err)
	})
	if err != nil {
		return nil, fmt.Errorf("stripe create refund: %w", err)
	}
	return &ports.RefundResult{ID: rf.ID, Status: string(rf.Status), AmountCents: rf.Amount}, nil
}

// classify stops retrying on card errors and other 4xx responses.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.Type == stripe.ErrorTypeCard || (se.HTTPStatusCode >= 400 && se.HTTPStatusCode < 500 &&
			se.HTTPStatusCode != http.StatusTooManyRequests && se.HTTPStatusCode != http.StatusConflict) {
			return retry.Permanent(err)
		}
	}
	return err
}

// Package stripepay charges and refunds copays through Stripe.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/stripe/stripe-go/v82"

	"github.com/carelink/telehealth/internal/platform/retry"
)

// ChargeRequest is an off-session copay charge on the patient's saved card.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
	// IdempotencyKey is sent as Stripe's Idempotency-Key header.
	IdempotencyKey string
}

// ChargeResult reports the PaymentIntent created for a charge.
type ChargeResult struct {
	PaymentIntentID string
	Status          string
	FailureCode     string
}

// RefundRequest refunds all or part of a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult reports the created refund.
type RefundResult struct {
	RefundID string
	Status   string
}

// Client wraps the Stripe SDK client.
type Client struct {
	sc     *stripe.Client
	policy retry.Policy
}

// New returns a client for the given secret key.
func New(secretKey string, policy retry.Policy) *Client {
	return &Client{sc: stripe.NewClient(secretKey), policy: policy}
}

// ChargeCopay confirms an off-session PaymentIntent. Card declines are
// reported in the result, not as an error.
func (c *Client) ChargeCopay(ctx context.Context, req ChargeRequest) (ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
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
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			res := ChargeResult{Status: "failed", FailureCode: string(se.Code)}
			if se.PaymentIntent != nil {
				res.PaymentIntentID = se.PaymentIntent.ID
			}
			return res, nil
		}
		return ChargeResult{}, fmt.Errorf("stripe charge: %w", err)
	}
	return ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

// Refund refunds a PaymentIntent.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
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
		return RefundResult{}, fmt.Errorf("stripe refund: %w", err)
	}
	return RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

// classify maps Stripe errors onto the retry package's notion of
// transient failure.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.HTTPStatusCode == 429 || se.HTTPStatusCode == 409 || se.HTTPStatusCode >= 500 {
			return &retry.StatusError{Provider: "stripe", Status: se.HTTPStatusCode, Code: string(se.Code), Message: se.Msg}
		}
		return retry.Permanent(se)
	}
	return err
}

// AmountString renders cents for descriptions.
func AmountString(cents int64) string {
	return "$" + strconv.FormatInt(cents/100, 10) + "." + fmt.Sprintf("%02d", cents%100)
}

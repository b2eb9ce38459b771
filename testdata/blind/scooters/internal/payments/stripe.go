// Package payments charges and refunds riders through Stripe.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// ChargeRequest is an off-session card charge against a saved payment
// method.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Description     string
	Metadata        map[string]string
	// IdempotencyKey is sent as Stripe's Idempotency-Key header when set.
	IdempotencyKey string
}

// Charge is the outcome of a charge.
type Charge struct {
	PaymentIntentID string
	Status          string
}

// RefundRequest refunds all or part of a payment intent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	// IdempotencyKey is sent as Stripe's Idempotency-Key header when set.
	IdempotencyKey string
}

// Refund is the outcome of a refund.
type Refund struct {
	ID     string
	Status string
}

// DeclineError is returned when the card was declined; it is not worth
// retrying without the rider updating their card.
type DeclineError struct {
	Code            string
	PaymentIntentID string
}

func (e *DeclineError) Error() string { return "card declined: " + e.Code }

// Stripe implements charging with stripe-go.
type Stripe struct {
	sc       *stripe.Client
	currency string
}

// NewStripe builds a client with the secret key.
func NewStripe(secretKey, currency string) *Stripe {
	return &Stripe{sc: stripe.NewClient(secretKey), currency: currency}
}

func (s *Stripe) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	if req.PaymentMethodID == "" {
		return nil, errors.New("payments: no payment method")
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(s.currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Description:   stripe.String(req.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := s.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var serr *stripe.Error
		if errors.As(err, &serr) && serr.Type == stripe.ErrorTypeCard {
			de := &DeclineError{Code: string(serr.Code)}
			if serr.PaymentIntent != nil {
				de.PaymentIntentID = serr.PaymentIntent.ID
			}
			return nil, de
		}
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &Charge{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (s *Stripe) Refund(ctx context.Context, req RefundRequest) (*Refund, error) {
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
	rf, err := s.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create refund: %w", err)
	}
	return &Refund{ID: rf.ID, Status: string(rf.Status)}, nil
}

// Key joins the parts of an idempotency key: Key("ride", id) is "ride:<id>".
func Key(kind string, parts ...any) string {
	k := kind
	for _, p := range parts {
		k += ":" + fmt.Sprint(p)
	}
	return k
}

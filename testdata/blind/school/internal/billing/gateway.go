// Package billing collects instalments and issues refunds through Stripe.
package billing

import (
	"context"
	"errors"

	"github.com/stripe/stripe-go/v82"
)

// ChargeRequest is an off-session charge of a saved card.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
	// IdempotencyKey is forwarded as Stripe's Idempotency-Key header.
	IdempotencyKey string
}

// Charge is the outcome of a charge.
type Charge struct {
	PaymentIntentID string
	Status          string
	DeclineCode     string
}

// Succeeded reports whether the money was collected.
func (c Charge) Succeeded() bool { return c.Status == string(stripe.PaymentIntentStatusSucceeded) }

// RefundRequest refunds (part of) a payment intent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is Stripe's refund.
type RefundResult struct {
	RefundID string
	Status   string
}

// PaymentGateway is the payments provider used by the services.
type PaymentGateway interface {
	ChargeOffSession(ctx context.Context, req ChargeRequest) (Charge, error)
	Refund(ctx context.Context, req RefundRequest) (RefundResult, error)
}

// ErrCardDeclined wraps a decline so callers can tell it from transport errors.
var ErrCardDeclined = errors.New("billing: card declined")

type stripeGateway struct {
	sc *stripe.Client
}

// NewStripeGateway builds a gateway over the Stripe client.
func NewStripeGateway(sc *stripe.Client) PaymentGateway {
	return &stripeGateway{sc: sc}
}

func (g *stripeGateway) ChargeOffSession(ctx context.Context, req ChargeRequest) (Charge, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
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
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			out := Charge{Status: "declined", DeclineCode: string(se.DeclineCode)}
			if se.PaymentIntent != nil {
				out.PaymentIntentID = se.PaymentIntent.ID
			}
			return out, ErrCardDeclined
		}
		return Charge{}, err
	}
	return Charge{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *stripeGateway) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
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
	rf, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, err
	}
	return RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

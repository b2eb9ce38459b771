// Package stripepay wraps stripe-go for the card payments the box office,
// subscription and development teams take.
//
// Stripe deduplicates POSTs by the Idempotency-Key header: a request
// repeated with the same key within 24 hours returns the original result
// instead of creating a second PaymentIntent or Refund. Callers pass the
// key through ChargeRequest.IdempotencyKey / RefundRequest.IdempotencyKey;
// when it is empty the request is sent without one.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/harborlight-symphony/encore/internal/domain"
)

// ChargeRequest describes an off-session card charge.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Description     string
	StatementSuffix string
	Metadata        map[string]string
	IdempotencyKey  string
}

// ChargeResult is the subset of the PaymentIntent callers need.
type ChargeResult struct {
	PaymentIntentID string
	Status          string
	AmountCents     int64
}

// RefundRequest refunds all or part of a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is the subset of the Refund callers need.
type RefundResult struct {
	RefundID    string
	Status      string
	AmountCents int64
}

// Gateway charges and refunds cards through Stripe.
type Gateway struct {
	sc       *stripe.Client
	currency string
}

// NewGateway builds a Gateway around an initialised stripe client.
func NewGateway(sc *stripe.Client, currency string) *Gateway {
	return &Gateway{sc: sc, currency: currency}
}

// Charge creates and confirms an off-session PaymentIntent.
func (g *Gateway) Charge(ctx context.Context, req ChargeRequest) (*ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(g.currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	if req.StatementSuffix != "" {
		params.StatementDescriptorSuffix = stripe.String(req.StatementSuffix)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, classify(err)
	}
	return &ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status), AmountCents: pi.Amount}, nil
}

// Refund refunds req.AmountCents of a PaymentIntent.
func (g *Gateway) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
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
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, classify(err)
	}
	return &RefundResult{RefundID: r.ID, Status: string(r.Status), AmountCents: r.Amount}, nil
}

// classify maps card declines onto domain.ErrPaymentDeclined so callers can
// tell a patron problem from an outage.
func classify(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("%w: %s (%s)", domain.ErrPaymentDeclined, se.Msg, se.DeclineCode)
	}
	return fmt.Errorf("stripe: %w", err)
}

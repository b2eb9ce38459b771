// Package payments wraps the Stripe API behind a small gateway interface so
// services can be tested without the network.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
)

type ChargeRequest struct {
	AmountCents    int64
	Currency       string
	CustomerID     string
	PaymentMethod  string
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

type ChargeResult struct {
	PaymentIntentID string
	Status          string
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

type RefundResult struct {
	RefundID string
	Status   string
}

// Gateway is what the services depend on.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest) (*ChargeResult, error)
	Refund(ctx context.Context, req RefundRequest) (*RefundResult, error)
}

var ErrCardDeclined = errors.New("card declined")

type StripeGateway struct {
	api *client.API
}

func NewStripeGateway(secretKey string) *StripeGateway {
	sc := &client.API{}
	sc.Init(secretKey, nil)
	return &StripeGateway{api: sc}
}

func (g *StripeGateway) Charge(ctx context.Context, req ChargeRequest) (*ChargeResult, error) {
	params := &stripe.PaymentIntentParams{
		Amount:             stripe.Int64(req.AmountCents),
		Currency:           stripe.String(req.Currency),
		Confirm:            stripe.Bool(true),
		OffSession:         stripe.Bool(true),
		PaymentMethod:      stripe.String(req.PaymentMethod),
		Description:        stripe.String(req.Description),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	params.Context = ctx
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}

	pi, err := g.api.PaymentIntents.New(params)
	if err != nil {
		var serr *stripe.Error
		if errors.As(err, &serr) && serr.Type == stripe.ErrorTypeCard {
			return nil, fmt.Errorf("%w: %s", ErrCardDeclined, serr.Msg)
		}
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *StripeGateway) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	params := &stripe.RefundParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
	}
	if req.AmountCents > 0 {
		params.Amount = stripe.Int64(req.AmountCents)
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	params.Context = ctx
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	rf, err := g.api.Refunds.New(params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create refund: %w", err)
	}
	return &RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

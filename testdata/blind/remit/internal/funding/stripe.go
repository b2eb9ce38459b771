package funding

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/sendhome/remit/internal/config"
)

// ChargeRequest describes a card charge for a transfer.
type ChargeRequest struct {
	TransferID      string
	CustomerRef     string // Stripe customer ID
	PaymentMethodID string
	Amount          int64
	Currency        string
	Description     string
	IdempotencyKey  string
}

type ChargeResult struct {
	ProviderRef string
	Status      string
}

type RefundRequest struct {
	PaymentRef     string
	Amount         int64
	Reason         string
	TransferID     string
	IdempotencyKey string
}

type RefundResult struct {
	ProviderRef string
	Status      string
}

// CardGateway collects and refunds card payments.
type CardGateway interface {
	Charge(ctx context.Context, req ChargeRequest) (*ChargeResult, error)
	Refund(ctx context.Context, req RefundRequest) (*RefundResult, error)
}

type stripeGateway struct {
	sc *stripe.Client
}

func NewStripeGateway(cfg *config.Config) CardGateway {
	return &stripeGateway{sc: stripe.NewClient(cfg.StripeSecretKey)}
}

func (g *stripeGateway) Charge(ctx context.Context, req ChargeRequest) (*ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.Amount),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerRef),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	params.AddMetadata("transfer_id", req.TransferID)
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &ChargeResult{ProviderRef: pi.ID, Status: string(pi.Status)}, nil
}

func (g *stripeGateway) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentRef),
		Amount:        stripe.Int64(req.Amount),
		Reason:        stripe.String(req.Reason),
	}
	params.AddMetadata("transfer_id", req.TransferID)
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create refund: %w", err)
	}
	return &RefundResult{ProviderRef: r.ID, Status: string(r.Status)}, nil
}

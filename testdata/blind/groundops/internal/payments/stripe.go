// Package payments wraps Stripe for the card-billed ad-hoc services sold
// to operators without a handling contract.
package payments

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// ChargeRequest describes an off-session card charge against a saved
// payment method.
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

type Charge struct {
	PaymentIntentID string
	Status          string
}

// Gateway is what the services use; the Stripe implementation is below.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest) (*Charge, error)
	Refund(ctx context.Context, paymentIntentID string, amountCents int64, reason string) (string, error)
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
}

type StripeGateway struct {
	sc            *stripe.Client
	webhookSecret string
}

func NewStripeGateway(secretKey, webhookSecret string) *StripeGateway {
	return &StripeGateway{sc: stripe.NewClient(secretKey), webhookSecret: webhookSecret}
}

func (g *StripeGateway) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
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
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &Charge{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

// Refund returns part or all of a captured payment.
func (g *StripeGateway) Refund(ctx context.Context, paymentIntentID string, amountCents int64, reason string) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
	}
	params.AddMetadata("reason", reason)
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: refund %s: %w", paymentIntentID, err)
	}
	return r.ID, nil
}

func (g *StripeGateway) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEvent(payload, signature, g.webhookSecret)
}

// Package payments wraps Stripe for paid point top-ups.
package payments

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

type TopUpCharge struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
}

type Intent struct {
	ID     string
	Status string
}

// ChargeOption mutates the Stripe params before the call.
type ChargeOption func(*stripe.PaymentIntentCreateParams)

// WithIdempotencyKey sets Stripe's Idempotency-Key header on the request.
func WithIdempotencyKey(key string) ChargeOption {
	return func(p *stripe.PaymentIntentCreateParams) { p.SetIdempotencyKey(key) }
}

type Gateway struct {
	sc *stripe.Client
}

func NewGateway(secretKey string) *Gateway {
	return &Gateway{sc: stripe.NewClient(secretKey)}
}

// CreateTopUpIntent creates and confirms an off-session PaymentIntent against
// the member's saved card.
func (g *Gateway) CreateTopUpIntent(ctx context.Context, c TopUpCharge, opts ...ChargeOption) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(c.AmountCents),
		Currency:      stripe.String(c.Currency),
		Customer:      stripe.String(c.CustomerID),
		PaymentMethod: stripe.String(c.PaymentMethodID),
		Description:   stripe.String(c.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
	}
	for k, v := range c.Metadata {
		params.AddMetadata(k, v)
	}
	for _, opt := range opts {
		opt(params)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &Intent{ID: pi.ID, Status: string(pi.Status)}, nil
}

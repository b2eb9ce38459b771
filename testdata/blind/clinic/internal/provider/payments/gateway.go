// Package payments wraps stripe-go for deposits, off-session fees and refunds.
package payments

import (
	"context"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/acme/clinic/internal/config"
)

type DepositRequest struct {
	CustomerID     string
	AmountCents    int64
	IdempotencyKey string
	Metadata       map[string]string
}

type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Description     string
	IdempotencyKey  string
	Metadata        map[string]string
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	// IdempotencyKey is optional; when empty the gateway generates one.
	IdempotencyKey string
	Metadata       map[string]string
}

// Gateway is the single entry point to Stripe.
type Gateway struct {
	sc       *stripe.Client
	currency string
	newKey   func() string
}

func NewGateway(cfg config.Config) *Gateway {
	return &Gateway{
		sc:       stripe.NewClient(cfg.Stripe.SecretKey),
		currency: cfg.Stripe.Currency,
		newKey: func() string {
			return fmt.Sprintf("clinic-%d", time.Now().UnixNano())
		},
	}
}

// CreateDeposit creates (but does not confirm) a PaymentIntent; the client
// confirms it with the returned client secret.
func (g *Gateway) CreateDeposit(ctx context.Context, req DepositRequest) (*stripe.PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:   stripe.Int64(req.AmountCents),
		Currency: stripe.String(g.currency),
		Customer: stripe.String(req.CustomerID),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		},
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	params.SetIdempotencyKey(req.IdempotencyKey)
	return g.sc.V1PaymentIntents.Create(ctx, params)
}

// ChargeOffSession charges a saved payment method without the patient present.
func (g *Gateway) ChargeOffSession(ctx context.Context, req ChargeRequest) (*stripe.PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(g.currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Description:   stripe.String(req.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	params.SetIdempotencyKey(req.IdempotencyKey)
	return g.sc.V1PaymentIntents.Create(ctx, params)
}

// Refund refunds part or all of a PaymentIntent.
func (g *Gateway) Refund(ctx context.Context, req RefundRequest) (*stripe.Refund, error) {
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
	key := req.IdempotencyKey
	if key == "" {
		key = g.newKey()
	}
	params.SetIdempotencyKey(key)
	return g.sc.V1Refunds.Create(ctx, params)
}

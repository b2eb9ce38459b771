// Package payments wraps the Stripe API for deposits, milestone charges and
// installer transfers.
package payments

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// ChargeRequest describes an off-session card or ACH charge.
type ChargeRequest struct {
	AmountCents     int64
	Currency        string
	CustomerID      string
	PaymentMethodID string
	Description     string
	Metadata        map[string]string
	// IdempotencyKey is forwarded as Stripe's Idempotency-Key header.
	IdempotencyKey string
}

// Charge is the subset of a PaymentIntent the services care about.
type Charge struct {
	PaymentIntentID string
	Status          string
}

// TransferRequest moves funds to a connected installer account.
type TransferRequest struct {
	AmountCents        int64
	DestinationAccount string
	TransferGroup      string
	Description        string
	Metadata           map[string]string
	IdempotencyKey     string
}

// Transfer is the result of a transfer.
type Transfer struct {
	ID string
}

// Gateway is the Stripe-backed payments client.
type Gateway struct {
	sc            *stripe.Client
	webhookSecret string
}

// NewGateway builds a Gateway.
func NewGateway(secretKey, webhookSecret string) *Gateway {
	return &Gateway{sc: stripe.NewClient(secretKey), webhookSecret: webhookSecret}
}

// Charge creates and confirms a PaymentIntent.
func (g *Gateway) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	cur := req.Currency
	if cur == "" {
		cur = string(stripe.CurrencyUSD)
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(cur),
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

// Transfer sends funds to a connected account.
func (g *Gateway) Transfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(string(stripe.CurrencyUSD)),
		Destination:   stripe.String(req.DestinationAccount),
		Description:   stripe.String(req.Description),
		TransferGroup: stripe.String(req.TransferGroup),
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	tr, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create transfer: %w", err)
	}
	return &Transfer{ID: tr.ID}, nil
}

// ParseWebhook verifies the Stripe-Signature header and decodes the event.
func (g *Gateway) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEventWithOptions(payload, signature, g.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
}

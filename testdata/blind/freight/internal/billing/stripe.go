// Package billing wraps the Stripe API behind a small gateway so application
// services do not depend on stripe-go directly.
package billing

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/acme/freight/internal/config"
)

type InvoiceItemInput struct {
	StripeCustomerID string
	AmountCents      int64
	Currency         string
	Description      string
	Metadata         map[string]string
	// IdempotencyKey, when set, is sent as Stripe's Idempotency-Key.
	IdempotencyKey string
}

type InvoiceInput struct {
	StripeCustomerID string
	Description      string
	Metadata         map[string]string
	IdempotencyKey   string
}

type RefundInput struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	IdempotencyKey  string
}

// StripeGateway is the production Gateway backed by stripe-go.
type StripeGateway struct {
	sc *stripe.Client
}

func NewStripeGateway(cfg config.Stripe) *StripeGateway {
	return &StripeGateway{sc: stripe.NewClient(cfg.SecretKey)}
}

func setKey(p *stripe.Params, key string) {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
}

// CreateInvoiceItem adds a pending line to the customer's next invoice.
func (g *StripeGateway) CreateInvoiceItem(ctx context.Context, in InvoiceItemInput) (string, error) {
	params := &stripe.InvoiceItemCreateParams{
		Customer:    stripe.String(in.StripeCustomerID),
		Amount:      stripe.Int64(in.AmountCents),
		Currency:    stripe.String(in.Currency),
		Description: stripe.String(in.Description),
		Metadata:    in.Metadata,
	}
	setKey(&params.Params, in.IdempotencyKey)
	item, err := g.sc.V1InvoiceItems.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create invoice item: %w", err)
	}
	return item.ID, nil
}

// CreateInvoice creates a draft invoice that sweeps up pending invoice items.
func (g *StripeGateway) CreateInvoice(ctx context.Context, in InvoiceInput) (string, error) {
	params := &stripe.InvoiceCreateParams{
		Customer:                    stripe.String(in.StripeCustomerID),
		Description:                 stripe.String(in.Description),
		CollectionMethod:            stripe.String(string(stripe.InvoiceCollectionMethodSendInvoice)),
		DaysUntilDue:                stripe.Int64(30),
		PendingInvoiceItemsBehavior: stripe.String("include"),
		AutoAdvance:                 stripe.Bool(false),
		Metadata:                    in.Metadata,
	}
	setKey(&params.Params, in.IdempotencyKey)
	inv, err := g.sc.V1Invoices.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create invoice: %w", err)
	}
	return inv.ID, nil
}

func (g *StripeGateway) FinalizeInvoice(ctx context.Context, stripeInvoiceID, idempotencyKey string) error {
	params := &stripe.InvoiceFinalizeInvoiceParams{}
	setKey(&params.Params, idempotencyKey)
	if _, err := g.sc.V1Invoices.FinalizeInvoice(ctx, stripeInvoiceID, params); err != nil {
		return fmt.Errorf("stripe: finalize invoice: %w", err)
	}
	return nil
}

// Refund returns money to the card behind a PaymentIntent.
func (g *StripeGateway) Refund(ctx context.Context, in RefundInput) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(in.PaymentIntentID),
		Amount:        stripe.Int64(in.AmountCents),
		Reason:        stripe.String(in.Reason),
	}
	setKey(&params.Params, in.IdempotencyKey)
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: refund: %w", err)
	}
	return r.ID, nil
}

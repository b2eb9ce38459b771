// Package stripepay adapts stripe-go to provider.Payments.
package stripepay

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
)

// Options configures the gateway.
type Options struct {
	SecretKey string
	// Backends overrides the Stripe backends, for stripe-mock in development.
	Backends *stripe.Backends
}

// Gateway implements provider.Payments.
type Gateway struct {
	sc *stripe.Client
}

// New builds a Gateway.
func New(opts Options) *Gateway {
	var copts []stripe.ClientOption
	if opts.Backends != nil {
		copts = append(copts, stripe.WithBackends(opts.Backends))
	}
	return &Gateway{sc: stripe.NewClient(opts.SecretKey, copts...)}
}

func applyRequestOptions(p *stripe.Params, o provider.RequestOptions) {
	if o.IdempotencyKey != "" {
		p.SetIdempotencyKey(o.IdempotencyKey)
	}
}

func (g *Gateway) CreateDepositIntent(ctx context.Context, req provider.DepositIntent) (provider.PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    stripe.String(req.Currency),
		Customer:    stripe.String(req.CustomerID),
		Description: stripe.String(req.Description),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		},
		SetupFutureUsage: stripe.String(string(stripe.PaymentIntentSetupFutureUsageOffSession)),
	}
	params.AddMetadata("purpose", "plot_deposit")
	params.AddMetadata("reservation_id", req.ReservationID)
	applyRequestOptions(&params.Params, req.RequestOptions)

	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return provider.PaymentIntent{}, fmt.Errorf("stripe: create deposit intent: %w", err)
	}
	return toIntent(pi), nil
}

func (g *Gateway) ChargeSavedMethod(ctx context.Context, req provider.SavedMethodCharge) (provider.PaymentIntent, error) {
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
	applyRequestOptions(&params.Params, req.RequestOptions)

	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return provider.PaymentIntent{}, fmt.Errorf("stripe: charge saved method: %w", err)
	}
	return toIntent(pi), nil
}

func (g *Gateway) Refund(ctx context.Context, req provider.RefundRequest) (provider.Refund, error) {
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
	applyRequestOptions(&params.Params, req.RequestOptions)

	rf, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return provider.Refund{}, fmt.Errorf("stripe: refund: %w", err)
	}
	return provider.Refund{ID: rf.ID, Status: string(rf.Status)}, nil
}

func toIntent(pi *stripe.PaymentIntent) provider.PaymentIntent {
	return provider.PaymentIntent{
		ID:           pi.ID,
		Status:       string(pi.Status),
		ClientSecret: pi.ClientSecret,
		AmountCents:  pi.Amount,
	}
}

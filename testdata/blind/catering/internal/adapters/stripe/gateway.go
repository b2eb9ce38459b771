// Package stripe adapts stripe-go to the PaymentGateway port.
package stripe

import (
	"context"
	"errors"
	"fmt"

	stripeapi "github.com/stripe/stripe-go/v82"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

// Gateway calls the Stripe API. Every mutating request accepts an
// Idempotency-Key through ports.WithIdempotencyKey; Stripe replays the
// original response for a repeated key for 24 hours.
type Gateway struct {
	client *stripeapi.Client
}

func NewGateway(secretKey string) *Gateway {
	return &Gateway{client: stripeapi.NewClient(secretKey)}
}

func applyParams(p *stripeapi.Params, o ports.CallOptions) {
	if o.IdempotencyKey != "" {
		p.SetIdempotencyKey(o.IdempotencyKey)
	}
	for k, v := range o.Metadata {
		p.AddMetadata(k, v)
	}
}

func (g *Gateway) Charge(ctx context.Context, req ports.ChargeRequest, opts ...ports.CallOption) (ports.ChargeResult, error) {
	o := ports.ApplyCallOptions(opts)
	params := &stripeapi.PaymentIntentCreateParams{
		Amount:        stripeapi.Int64(req.AmountCents),
		Currency:      stripeapi.String(req.Currency),
		Description:   stripeapi.String(req.Description),
		PaymentMethod: stripeapi.String(req.PaymentMethodID),
		Confirm:       stripeapi.Bool(true),
	}
	if req.CustomerRef != "" {
		params.Customer = stripeapi.String(req.CustomerRef)
	}
	if req.OffSession {
		params.OffSession = stripeapi.Bool(true)
	}
	applyParams(&params.Params, o)
	ctx, cancel := withTimeout(ctx, o)
	defer cancel()
	pi, err := g.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return ports.ChargeResult{}, wrap("create payment intent", err)
	}
	return ports.ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

func (g *Gateway) Refund(ctx context.Context, req ports.RefundRequest, opts ...ports.CallOption) (ports.RefundResult, error) {
	o := ports.ApplyCallOptions(opts)
	params := &stripeapi.RefundCreateParams{
		PaymentIntent: stripeapi.String(req.PaymentIntentID),
		Amount:        stripeapi.Int64(req.AmountCents),
	}
	if req.Reason != "" {
		params.Reason = stripeapi.String(req.Reason)
	}
	applyParams(&params.Params, o)
	rf, err := g.client.V1Refunds.Create(ctx, params)
	if err != nil {
		return ports.RefundResult{}, wrap("create refund", err)
	}
	return ports.RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

func (g *Gateway) Transfer(ctx context.Context, req ports.TransferRequest, opts ...ports.CallOption) (ports.TransferResult, error) {
	o := ports.ApplyCallOptions(opts)
	params := &stripeapi.TransferCreateParams{
		Amount:        stripeapi.Int64(req.AmountCents),
		Currency:      stripeapi.String(req.Currency),
		Destination:   stripeapi.String(req.DestinationAccount),
		Description:   stripeapi.String(req.Description),
		TransferGroup: stripeapi.String(req.TransferGroup),
	}
	applyParams(&params.Params, o)
	tr, err := g.client.V1Transfers.Create(ctx, params)
	if err != nil {
		return ports.TransferResult{}, wrap("create transfer", err)
	}
	return ports.TransferResult{TransferID: tr.ID}, nil
}

func withTimeout(ctx context.Context, o ports.CallOptions) (context.Context, context.CancelFunc) {
	if o.Timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, o.Timeout)
}

func wrap(op string, err error) error {
	var se *stripeapi.Error
	if errors.As(err, &se) {
		if se.Type == stripeapi.ErrorTypeCard {
			return fmt.Errorf("%s: card declined (%s): %w", op, se.Code, domain.ErrValidation)
		}
		return fmt.Errorf("%s: stripe %s %s: %w", op, se.Type, se.Code, domain.ErrUpstream)
	}
	return fmt.Errorf("%s: %w", op, errors.Join(domain.ErrUpstream, err))
}

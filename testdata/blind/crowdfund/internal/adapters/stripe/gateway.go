// Package stripe adapts stripe-go to the PaymentGateway port.
package stripe

import (
	"context"
	"errors"
	"fmt"

	stripe "github.com/stripe/stripe-go/v82"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
	"github.com/brightfund/crowdfund/internal/platform/config"
)

type Gateway struct {
	sc *stripe.Client
}

func NewGateway(cfg config.Config) *Gateway {
	backends := &stripe.Backends{
		API: stripe.GetBackendWithConfig(stripe.APIBackend, &stripe.BackendConfig{
			MaxNetworkRetries: stripe.Int64(2),
		}),
	}
	return &Gateway{sc: stripe.NewClient(cfg.StripeSecretKey, stripe.WithBackends(backends))}
}

// apply copies call options onto the request's common params. Stripe keeps
// idempotency keys for 24 hours and replays the original response.
func apply(p *stripe.Params, opts []ports.CallOption) {
	o := ports.ApplyCallOptions(opts)
	if o.IdempotencyKey != "" {
		p.SetIdempotencyKey(o.IdempotencyKey)
	}
	for k, v := range o.Metadata {
		p.AddMetadata(k, v)
	}
}

func (g *Gateway) Authorize(ctx context.Context, req ports.AuthorizeRequest, opts ...ports.CallOption) (ports.Authorization, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerRef),
		PaymentMethod: stripe.String(req.PaymentMethod),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(req.Description),
		PaymentMethodOptions: &stripe.PaymentIntentCreatePaymentMethodOptionsParams{
			Card: &stripe.PaymentIntentCreatePaymentMethodOptionsCardParams{
				RequestIncrementalAuthorization: stripe.String("if_available"),
				RequestExtendedAuthorization:    stripe.String("if_available"),
			},
		},
	}
	apply(&params.Params, opts)
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return ports.Authorization{}, mapErr("authorize", err)
	}
	return toAuthorization(pi), nil
}

func (g *Gateway) IncrementAuthorization(ctx context.Context, paymentIntentID string, newAmount int64, opts ...ports.CallOption) (ports.Authorization, error) {
	params := &stripe.PaymentIntentIncrementAuthorizationParams{
		Amount: stripe.Int64(newAmount),
	}
	apply(&params.Params, opts)
	pi, err := g.sc.V1PaymentIntents.IncrementAuthorization(ctx, paymentIntentID, params)
	if err != nil {
		return ports.Authorization{}, mapErr("increment authorization", err)
	}
	return toAuthorization(pi), nil
}

func (g *Gateway) Capture(ctx context.Context, paymentIntentID string, amount int64, opts ...ports.CallOption) error {
	params := &stripe.PaymentIntentCaptureParams{
		AmountToCapture: stripe.Int64(amount),
	}
	apply(&params.Params, opts)
	_, err := g.sc.V1PaymentIntents.Capture(ctx, paymentIntentID, params)
	return mapErr("capture", err)
}

func (g *Gateway) Cancel(ctx context.Context, paymentIntentID string, opts ...ports.CallOption) error {
	params := &stripe.PaymentIntentCancelParams{
		CancellationReason: stripe.String(string(stripe.PaymentIntentCancellationReasonAbandoned)),
	}
	apply(&params.Params, opts)
	_, err := g.sc.V1PaymentIntents.Cancel(ctx, paymentIntentID, params)
	return mapErr("cancel", err)
}

func (g *Gateway) Refund(ctx context.Context, paymentIntentID string, amount int64, opts ...ports.CallOption) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amount),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	apply(&params.Params, opts)
	rf, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", mapErr("refund", err)
	}
	return rf.ID, nil
}

func toAuthorization(pi *stripe.PaymentIntent) ports.Authorization {
	return ports.Authorization{
		PaymentIntentID: pi.ID,
		Status:          string(pi.Status),
		AmountCents:     pi.Amount,
		RequiresAction:  pi.Status == stripe.PaymentIntentStatusRequiresAction,
	}
}

func mapErr(op string, err error) error {
	if err == nil {
		return nil
	}
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.Type == stripe.ErrorTypeCard {
			return fmt.Errorf("stripe %s: %s: %w", op, se.Msg, domain.ErrPaymentFailed)
		}
		return fmt.Errorf("stripe %s: %s (%s): %w", op, se.Msg, se.Code, domain.ErrProviderFailed)
	}
	return fmt.Errorf("stripe %s: %w", op, err)
}

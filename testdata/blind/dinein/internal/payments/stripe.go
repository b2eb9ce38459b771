package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/dinein/platform/internal/config"
)

type stripeGateway struct {
	sc *stripe.Client
}

// NewStripeGateway builds the Stripe-backed gateway.
func NewStripeGateway(cfg config.Config) *stripeGateway {
	return &stripeGateway{sc: stripe.NewClient(cfg.StripeSecretKey)}
}

func (g *stripeGateway) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	o := applyOptions(opts)
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerRef),
		PaymentMethod: stripe.String(req.PaymentMethodRef),
		Description:   stripe.String(req.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Metadata:      req.Metadata,
	}
	if o.statementSuffix != "" {
		params.StatementDescriptorSuffix = stripe.String(o.statementSuffix)
	}
	if o.idempotencyKey != "" {
		params.SetIdempotencyKey(o.idempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeCardDeclined {
			return nil, fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
		}
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &Charge{IntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *stripeGateway) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	o := applyOptions(opts)
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.IntentID),
		Metadata:      req.Metadata,
	}
	if req.AmountCents > 0 {
		params.Amount = stripe.Int64(req.AmountCents)
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	if o.idempotencyKey != "" {
		params.SetIdempotencyKey(o.idempotencyKey)
	}
	rf, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create refund: %w", err)
	}
	return &RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

func (g *stripeGateway) Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (*TransferResult, error) {
	o := applyOptions(opts)
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Destination:   stripe.String(req.Destination),
		TransferGroup: stripe.String(req.Group),
		Description:   stripe.String(req.Description),
		Metadata:      req.Metadata,
	}
	if o.idempotencyKey != "" {
		params.IdempotencyKey = stripe.String(o.idempotencyKey)
	}
	tr, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create transfer: %w", err)
	}
	return &TransferResult{TransferID: tr.ID}, nil
}

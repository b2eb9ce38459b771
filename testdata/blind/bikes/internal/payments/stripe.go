package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// StripeGateway implements Gateway with off-session PaymentIntents.
type StripeGateway struct {
	sc *stripe.Client
}

func NewStripeGateway(sc *stripe.Client) *StripeGateway {
	return &StripeGateway{sc: sc}
}

func NewStripeClient(secretKey string) *stripe.Client {
	return stripe.NewClient(secretKey)
}

func (g *StripeGateway) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	o := collect(opts)
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if o.idempotencyKey != "" {
		params.SetIdempotencyKey(o.idempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &Charge{
		PaymentIntentID: pi.ID,
		Status:          string(pi.Status),
		AmountCents:     pi.Amount,
	}, nil
}

func (g *StripeGateway) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	o := collect(opts)
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
	if o.idempotencyKey != "" {
		params.SetIdempotencyKey(o.idempotencyKey)
	}
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &Refund{ID: r.ID, Status: string(r.Status)}, nil
}

func translate(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.Type == stripe.ErrorTypeCard {
			return fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
		}
		return &ProviderError{Status: se.HTTPStatusCode, Code: string(se.Code), Msg: se.Msg}
	}
	return err
}

// ProviderError is a non-card error returned by Stripe.
type ProviderError struct {
	Status int
	Code   string
	Msg    string
}

func (e *ProviderError) Error() string {
	return fmt.Sprintf("stripe: %d %s: %s", e.Status, e.Code, e.Msg)
}

// Temporary reports whether retrying the same request may succeed.
func (e *ProviderError) Temporary() bool {
	return e.Status == 0 || e.Status == 409 || e.Status == 429 || e.Status >= 500
}

var _ Gateway = (*StripeGateway)(nil)

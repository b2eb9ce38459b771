// Package stripepay wraps stripe-go behind the small Gateway the billing
// service needs. Stripe honours the Idempotency-Key header on every POST for
// 24 hours: a repeated key returns the first response and creates nothing.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// ChargeRequest describes a card payment against a saved payment method.
type ChargeRequest struct {
	AmountCents   int64
	Currency      string
	CustomerID    string
	PaymentMethod string
	Description   string
	// ManualCapture authorises now and captures later (deposits).
	ManualCapture bool
}

type ChargeResult struct {
	IntentID string
	Status   string
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
}

type RefundResult struct {
	RefundID string
	Status   string
}

// Gateway is the payment operations used by the platform.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error)
	Capture(ctx context.Context, intentID string, amountCents int64, opts ...CallOption) (*ChargeResult, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error)
}

type callOptions struct {
	idempotencyKey string
	metadata       map[string]string
}

// CallOption configures one gateway call.
type CallOption func(*callOptions)

// WithIdempotencyKey sends key as Stripe's Idempotency-Key.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithMetadata attaches a metadata pair to the created object.
func WithMetadata(k, v string) CallOption {
	return func(o *callOptions) {
		if o.metadata == nil {
			o.metadata = map[string]string{}
		}
		o.metadata[k] = v
	}
}

func collect(opts []CallOption) callOptions {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

func (o callOptions) apply(p *stripe.Params) {
	if o.idempotencyKey != "" {
		p.SetIdempotencyKey(o.idempotencyKey)
	}
	for k, v := range o.metadata {
		p.AddMetadata(k, v)
	}
}

// ErrCardDeclined is returned when the issuer refused the payment.
var ErrCardDeclined = errors.New("card declined")

type stripeGateway struct {
	sc *stripe.Client
}

// New builds a Gateway over the Stripe API.
func New(secretKey string) Gateway {
	return &stripeGateway{sc: stripe.NewClient(secretKey)}
}

func (g *stripeGateway) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethod),
		Description:   stripe.String(req.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
	}
	if req.ManualCapture {
		params.CaptureMethod = stripe.String(string(stripe.PaymentIntentCaptureMethodManual))
	}
	collect(opts).apply(&params.Params)

	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, mapErr(err)
	}
	return &ChargeResult{IntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *stripeGateway) Capture(ctx context.Context, intentID string, amountCents int64, opts ...CallOption) (*ChargeResult, error) {
	params := &stripe.PaymentIntentCaptureParams{AmountToCapture: stripe.Int64(amountCents)}
	collect(opts).apply(&params.Params)
	pi, err := g.sc.V1PaymentIntents.Capture(ctx, intentID, params)
	if err != nil {
		return nil, mapErr(err)
	}
	return &ChargeResult{IntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *stripeGateway) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	collect(opts).apply(&params.Params)
	rf, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, mapErr(err)
	}
	return &RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

func mapErr(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
	}
	return err
}

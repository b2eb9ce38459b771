// Package stripepay implements app.Payments with stripe-go.
package stripepay

import (
	"context"

	"example.com/wiredtx/app"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

type Gateway struct{}

// Charge passes the caller's key to Stripe.
func (Gateway) Charge(ctx context.Context, key string, amount int64) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
	params.SetIdempotencyKey(key)
	_, err := paymentintent.New(params)
	return err
}

// setKey sets the key on params, when there is one.
func setKey(p *stripe.Params, key string) {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
}

// Capture sends the request's key, when it has one, through a helper.
func (Gateway) Capture(ctx context.Context, req app.CaptureRequest) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(req.Amount)}
	setKey(&params.Params, req.Key)
	_, err := paymentintent.New(params) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key \(HTTP handler Handler.CaptureLoose\)`
	return err
}

// Hold does the same; its only caller sets the key.
func (Gateway) Hold(ctx context.Context, req app.CaptureRequest) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(req.Amount)}
	if req.Key != "" {
		params.SetIdempotencyKey(req.Key)
	}
	_, err := paymentintent.New(params)
	return err
}

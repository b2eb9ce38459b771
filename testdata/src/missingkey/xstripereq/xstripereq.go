// Package xstripereq wraps Stripe's client: each request struct embeds
// the options of the call, and a helper sets the key from them only
// when the caller gave one.
package xstripereq

import (
	"context"

	"github.com/stripe/stripe-go/v82"
)

// RequestOptions are the options of one call.
type RequestOptions struct {
	IdempotencyKey string
}

// Charge charges a saved card.
type Charge struct {
	RequestOptions
	Customer string
	Amount   int64
}

func applyRequestOptions(p *stripe.Params, o RequestOptions) {
	if o.IdempotencyKey != "" {
		p.SetIdempotencyKey(o.IdempotencyKey)
	}
}

// Gateway charges cards.
type Gateway struct{ sc *stripe.Client }

// New makes a gateway.
func New(key string) *Gateway { return &Gateway{sc: stripe.NewClient(key)} }

// Charge creates and confirms a PaymentIntent, keyed when the request's
// options carry a key.
func (g *Gateway) Charge(ctx context.Context, req Charge) (string, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:   stripe.Int64(req.Amount),
		Customer: stripe.String(req.Customer),
	}
	applyRequestOptions(&params.Params, req.RequestOptions)
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return "", err
	}
	return pi.ID, nil
}

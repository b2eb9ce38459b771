package xstore

import (
	"context"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
)

// Refunds sends refunds to Stripe, keyed by the caller's key or, when it
// gives none, by one its newKey field makes.
type Refunds struct{ newKey func() string }

func NewRefunds() *Refunds {
	return &Refunds{newKey: func() string { return fmt.Sprintf("r-%d", time.Now().UnixNano()) }}
}

// A RefundRequest is a refund, with the key its caller dedups it on.
type RefundRequest struct {
	PaymentIntent string
	Reason        string
	Key           string
	Metadata      map[string]string
}

func (g *Refunds) Refund(ctx context.Context, req RefundRequest) (*stripe.Refund, error) {
	params := &stripe.RefundParams{PaymentIntent: &req.PaymentIntent}
	if req.Reason != "" {
		params.AddMetadata("reason", req.Reason)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	key := req.Key
	if key == "" {
		key = g.newKey()
	}
	params.SetIdempotencyKey(key)
	return refund.New(params)
}

// Package payments charges riders and issues refunds through Stripe.
package payments

import (
	"context"
	"errors"
)

var ErrCardDeclined = errors.New("payments: card declined")

type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
}

type Charge struct {
	PaymentIntentID string
	Status          string
	AmountCents     int64
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
}

type Refund struct {
	ID     string
	Status string
}

// CallOption adjusts a single gateway call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the key Stripe uses to collapse repeated requests.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

func collect(opts []CallOption) callOptions {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

// Gateway is what the services use to move money.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error)
}

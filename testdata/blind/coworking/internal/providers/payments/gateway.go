// Package payments wraps the Stripe API behind a narrow interface.
package payments

import (
	"context"
	"errors"

	"github.com/stripe/stripe-go/v82"
)

// CallOption adjusts a single Stripe request.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets Stripe's Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithMetadata attaches a metadata entry to the created object.
func WithMetadata(key, value string) CallOption {
	return func(o *callOptions) {
		if o.metadata == nil {
			o.metadata = map[string]string{}
		}
		o.metadata[key] = value
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
}

// CustomerInput describes a Stripe customer.
type CustomerInput struct {
	Email string
	Name  string
	Phone string
}

// ChargeInput describes an off-session card charge.
type ChargeInput struct {
	CustomerID  string
	AmountCents int64
	Currency    string
	Description string
}

// InvoiceItemInput describes a pending invoice line.
type InvoiceItemInput struct {
	CustomerID  string
	AmountCents int64
	Currency    string
	Description string
}

// Gateway is what the billing code needs from Stripe.
type Gateway interface {
	CreateCustomer(ctx context.Context, in CustomerInput, opts ...CallOption) (string, error)
	CreateSubscription(ctx context.Context, customerID, priceID string, opts ...CallOption) (*stripe.Subscription, error)
	CancelSubscription(ctx context.Context, subscriptionID string, opts ...CallOption) error
	Charge(ctx context.Context, in ChargeInput, opts ...CallOption) (*stripe.PaymentIntent, error)
	AddInvoiceItem(ctx context.Context, in InvoiceItemInput, opts ...CallOption) (string, error)
	CreateInvoice(ctx context.Context, customerID, description string, opts ...CallOption) (*stripe.Invoice, error)
}

// IsCardError reports whether err is a card decline.
func IsCardError(err error) bool {
	var se *stripe.Error
	return errors.As(err, &se) && se.Type == stripe.ErrorTypeCard
}

// IsMissing reports whether err is Stripe's resource_missing.
func IsMissing(err error) bool {
	var se *stripe.Error
	return errors.As(err, &se) && se.Code == stripe.ErrorCodeResourceMissing
}

// Package payments wraps Stripe behind a narrow interface used by the
// purchase, refund and settlement flows.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// Gateway is what the services depend on; StripeGateway is the production
// implementation.
type Gateway interface {
	CreatePayment(ctx context.Context, req PaymentRequest, opts ...CallOption) (*Payment, error)
	CancelPayment(ctx context.Context, paymentIntentID string, opts ...CallOption) error
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error)
	Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (*TransferResult, error)
}

type PaymentRequest struct {
	AmountCents     int64
	Currency        string
	PaymentMethodID string
	CustomerID      string
	OffSession      bool
	Description     string
	ReceiptEmail    string
}

type Payment struct {
	IntentID     string
	Status       string
	ClientSecret string
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

type TransferRequest struct {
	AmountCents        int64
	Currency           string
	DestinationAccount string
	TransferGroup      string
	Description        string
}

type TransferResult struct {
	TransferID string
}

// CallOption configures a single Stripe request.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets Stripe's Idempotency-Key header for the request.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithMetadata attaches a metadata key to the created Stripe object.
func WithMetadata(k, v string) CallOption {
	return func(c *callConfig) {
		if c.metadata == nil {
			c.metadata = map[string]string{}
		}
		c.metadata[k] = v
	}
}

func buildConfig(opts []CallOption) callConfig {
	var c callConfig
	for _, o := range opts {
		o(&c)
	}
	return c
}

func (c callConfig) apply(p *stripe.Params) {
	if c.idempotencyKey != "" {
		p.SetIdempotencyKey(c.idempotencyKey)
	}
	for k, v := range c.metadata {
		p.AddMetadata(k, v)
	}
}

// ErrCardDeclined is returned when Stripe declines the payment method.
var ErrCardDeclined = errors.New("payments: card declined")

func translate(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
	}
	return err
}

// Package payments wraps the card processor behind a small interface so the
// rest of the code never imports stripe-go directly.
package payments

import (
	"context"
	"errors"
)

var (
	// ErrDeclined is returned when the card was declined; retrying will not help.
	ErrDeclined = errors.New("payments: card declined")
	// ErrAuthenticationRequired means the off-session charge needs the customer.
	ErrAuthenticationRequired = errors.New("payments: authentication required")
)

// ChargeRequest is an off-session charge against a saved card.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
}

type ChargeResult struct {
	PaymentIntentID string
	Status          string
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

// Gateway is what services use to move money.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error)
}

// CallOption customises a single gateway call.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	metadata       map[string]string
	descriptor     string
}

// WithIdempotencyKey makes the processor return the original result when the
// same key is presented again.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithMetadata attaches a key/value pair visible in the processor dashboard.
func WithMetadata(key, value string) CallOption {
	return func(c *callConfig) {
		if c.metadata == nil {
			c.metadata = map[string]string{}
		}
		c.metadata[key] = value
	}
}

// WithStatementDescriptor sets the suffix shown on the cardholder statement.
func WithStatementDescriptor(s string) CallOption {
	return func(c *callConfig) { c.descriptor = s }
}

func buildCall(opts []CallOption) callConfig {
	var c callConfig
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}

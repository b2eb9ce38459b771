// Package payments wraps Stripe for deposits, refunds and Connect payouts.
package payments

import "context"

// AuthorizeRequest places a manual-capture hold for a security deposit.
type AuthorizeRequest struct {
	BookingID      string
	CustomerID     string
	PaymentMethod  string
	AmountCents    int64
	Currency       string
	IdempotencyKey string
}

// Authorization is the result of AuthorizeDeposit.
type Authorization struct {
	PaymentIntentID string
	Status          string
}

// CaptureRequest captures part or all of an authorised deposit.
type CaptureRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Final           bool
	IdempotencyKey  string
}

// RefundRequest refunds part of a booking's rental payment. IdempotencyKey
// is optional.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	BookingID       string
	IdempotencyKey  string
}

// TransferRequest moves an owner's share to their Connect account.
type TransferRequest struct {
	DestinationAccount string
	AmountCents        int64
	Currency           string
	TransferGroup      string
	Description        string
}

// AccountRequest creates an Express Connect account for an owner.
type AccountRequest struct {
	UserID  string
	Email   string
	Country string
}

// CallOption adjusts a single Stripe call.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets Stripe's Idempotency-Key for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithMetadata adds metadata to the created object.
func WithMetadata(k, v string) CallOption {
	return func(c *callConfig) {
		if c.metadata == nil {
			c.metadata = map[string]string{}
		}
		c.metadata[k] = v
	}
}

func applyOptions(opts []CallOption) callConfig {
	var c callConfig
	for _, o := range opts {
		o(&c)
	}
	return c
}

// Gateway is the payment operations the marketplace needs.
type Gateway interface {
	AuthorizeDeposit(ctx context.Context, req AuthorizeRequest) (Authorization, error)
	CaptureDeposit(ctx context.Context, req CaptureRequest) (string, error)
	ReleaseDeposit(ctx context.Context, paymentIntentID, idempotencyKey string) error
	Refund(ctx context.Context, req RefundRequest) (string, error)
	Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (string, error)
	CreateConnectAccount(ctx context.Context, req AccountRequest, opts ...CallOption) (string, error)
}

package ports

import (
	"context"

	"github.com/velvetchair/salon/internal/core/domain"
)

// ChargeRequest is a card charge against a saved payment method.
type ChargeRequest struct {
	AmountCents     domain.Cents
	Currency        string
	CustomerID      string
	PaymentMethodID string
	Description     string
	Metadata        map[string]string
}

// CallOption tunes a single provider call (idempotency key, metadata...).
type CallOption func(*CallOptions)

type CallOptions struct {
	IdempotencyKey string
	Metadata       map[string]string
}

// WithIdempotencyKey sets the provider idempotency key for one call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *CallOptions) { o.IdempotencyKey = key }
}

// WithMetadata merges metadata into one call.
func WithMetadata(kv map[string]string) CallOption {
	return func(o *CallOptions) {
		if o.Metadata == nil {
			o.Metadata = map[string]string{}
		}
		for k, v := range kv {
			o.Metadata[k] = v
		}
	}
}

// ApplyCallOptions folds opts into a CallOptions value.
func ApplyCallOptions(opts []CallOption) CallOptions {
	var o CallOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

type PaymentGateway interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (domain.ChargeResult, error)
	Refund(ctx context.Context, chargeID string, amount domain.Cents, reason string, opts ...CallOption) (domain.RefundResult, error)
	GetCharge(ctx context.Context, chargeID string) (domain.ChargeResult, error)
	FindChargeByReference(ctx context.Context, reference string) (*domain.ChargeResult, error)
}

// SMSOption tunes a single outbound SMS.
type SMSOption func(*SMSOptions)

type SMSOptions struct {
	ClientReference string
	ValidityMinutes int
}

// WithClientReference sets the messaging provider's client_reference field.
func WithClientReference(ref string) SMSOption {
	return func(o *SMSOptions) { o.ClientReference = ref }
}

// WithValidity sets how long the provider keeps retrying delivery.
func WithValidity(minutes int) SMSOption {
	return func(o *SMSOptions) { o.ValidityMinutes = minutes }
}

type Messenger interface {
	SendSMS(ctx context.Context, msg domain.OutboundSMS, opts ...SMSOption) (domain.SendResult, error)
	SendEmail(ctx context.Context, msg domain.OutboundEmail) (domain.SendResult, error)
}

// TransferRequest pays a stylist's connected payout account.
type TransferRequest struct {
	AccountID   string
	AmountCents domain.Cents
	Currency    string
	Reference   string
	Description string
}

type PayoutGateway interface {
	CreateTransfer(ctx context.Context, req TransferRequest, opts ...CallOption) (domain.TransferResult, error)
	InstantPayout(ctx context.Context, req TransferRequest) (domain.TransferResult, error)
}

// Package payments wraps Stripe behind a small Gateway interface used by
// the checkout, refund and payout services.
package payments

import (
	"context"
	"errors"
)

// ErrCardDeclined is returned when the card issuer declines a charge.
var ErrCardDeclined = errors.New("payments: card declined")

// ChargeRequest describes an off-session card charge.
type ChargeRequest struct {
	AmountCents      int64
	Currency         string
	CustomerRef      string
	PaymentMethodRef string
	Description      string
	Metadata         map[string]string
}

// Charge is the outcome of a charge.
type Charge struct {
	IntentID string
	Status   string
}

// RefundRequest refunds all or part of a charge.
type RefundRequest struct {
	IntentID    string
	AmountCents int64
	Reason      string
	Metadata    map[string]string
}

// RefundResult is the outcome of a refund.
type RefundResult struct {
	RefundID string
	Status   string
}

// TransferRequest moves funds to a connected account.
type TransferRequest struct {
	AmountCents int64
	Currency    string
	Destination string
	Group       string
	Description string
	Metadata    map[string]string
}

// TransferResult is the outcome of a transfer.
type TransferResult struct {
	TransferID string
}

// Gateway is the card processor as the rest of the platform sees it.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error)
	Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (*TransferResult, error)
}

// CallOption adjusts one gateway call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey  string
	statementSuffix string
}

// WithIdempotencyKey sets the key Stripe uses to recognise a repeated
// request.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithStatementSuffix sets the card statement descriptor suffix.
func WithStatementSuffix(s string) CallOption {
	return func(o *callOptions) { o.statementSuffix = s }
}

func applyOptions(opts []CallOption) callOptions {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

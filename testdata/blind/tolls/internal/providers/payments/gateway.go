// Package payments is the client for the card payment gateway (an
// Adyen-style checkout API). Every POST honours an Idempotency-Key header:
// a repeated key within 24h returns the original response instead of
// creating a new payment.
package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
)

// Amount is a minor-unit amount in a currency.
type Amount struct {
	Value    int64  `json:"value"`
	Currency string `json:"currency"`
}

// ChargeRequest charges a stored card.
type ChargeRequest struct {
	Reference        string
	ShopperReference string
	PaymentToken     string
	Amount           Amount
	Description      string
}

// ChargeResult is the gateway's answer to a charge.
type ChargeResult struct {
	PSPReference  string `json:"pspReference"`
	ResultCode    string `json:"resultCode"`
	RefusalReason string `json:"refusalReason,omitempty"`
	MerchantRef   string `json:"merchantReference"`
}

// Authorised reports whether the charge went through.
func (r *ChargeResult) Authorised() bool { return r != nil && r.ResultCode == "Authorised" }

// RefundRequest refunds (part of) an earlier payment.
type RefundRequest struct {
	PSPReference string
	Reference    string
	Amount       Amount
}

// RefundResult is the gateway's answer to a refund request.
type RefundResult struct {
	PSPReference string `json:"pspReference"`
	Status       string `json:"status"`
}

// PayoutRequest pays money out to a stored card.
type PayoutRequest struct {
	Reference        string
	ShopperReference string
	PaymentToken     string
	Amount           Amount
}

// PayoutResult is the gateway's answer to a payout.
type PayoutResult struct {
	PSPReference string `json:"pspReference"`
	ResultCode   string `json:"resultCode"`
}

// Gateway is the subset of the gateway API the tolling service uses.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error)
	Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*PayoutResult, error)
}

// CallOptions are per-call settings.
type CallOptions struct {
	IdempotencyKey string
}

// CallOption sets a per-call setting.
type CallOption func(*CallOptions)

// WithIdempotencyKey sends key in the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(o *CallOptions) { o.IdempotencyKey = key }
}

func applyOptions(opts []CallOption) CallOptions {
	var o CallOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

// APIError is a non-2xx answer from the gateway.
type APIError struct {
	Status    int
	ErrorCode string `json:"errorCode"`
	Message   string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("gateway: %d %s: %s", e.Status, e.ErrorCode, e.Message)
}

// IsTransient reports whether err is worth retrying.
func IsTransient(err error) bool {
	var api *APIError
	if errors.As(err, &api) {
		return api.Status == http.StatusTooManyRequests || api.Status >= 500
	}
	return !errors.Is(err, context.Canceled)
}

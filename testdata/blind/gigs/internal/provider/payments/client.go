// Package payments is the client for the card/ACH payments provider used to
// fund milestones and refund clients.
//
// The provider honours an Idempotency-Key header on every POST for 24 hours:
// a repeated key returns the original response instead of charging again.
package payments

import (
	"context"
	"net/http"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/provider/httpjson"
)

// Client calls the payments API.
type Client struct {
	api *httpjson.Client
}

// Config configures the client.
type Config struct {
	BaseURL string
	APIKey  string
}

func New(cfg Config, rec *metrics.Recorder) *Client {
	return &Client{api: httpjson.New("payments", cfg.BaseURL, cfg.APIKey, rec)}
}

// Option adjusts a single call.
type Option func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey makes the call safe to repeat with the same key.
func WithIdempotencyKey(key string) Option {
	return func(o *callOptions) { o.idempotencyKey = key }
}

func headers(opts []Option) http.Header {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	h := http.Header{}
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	return h
}

// ChargeRequest asks the provider to charge a stored payment method.
type ChargeRequest struct {
	AmountMinor     int64             `json:"amount"`
	Currency        string            `json:"currency"`
	PaymentMethodID string            `json:"payment_method"`
	CustomerID      string            `json:"customer"`
	Description     string            `json:"description"`
	Metadata        map[string]string `json:"metadata,omitempty"`
}

// Charge is the provider's view of a charge.
type Charge struct {
	ID            string `json:"id"`
	Status        string `json:"status"` // pending, succeeded, failed
	AmountMinor   int64  `json:"amount"`
	Currency      string `json:"currency"`
	FailureReason string `json:"failure_message,omitempty"`
}

// CreateCharge charges the payment method. Settlement is reported by the
// charge.succeeded / charge.failed webhooks.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest, opts ...Option) (Charge, error) {
	var out Charge
	err := c.api.Do(ctx, httpjson.Call{
		Method: http.MethodPost, Path: "/v1/charges", Header: headers(opts), Body: req,
	}, &out)
	return out, err
}

// RefundRequest refunds all or part of a charge.
type RefundRequest struct {
	ChargeID    string            `json:"charge"`
	AmountMinor int64             `json:"amount"`
	Reason      string            `json:"reason,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// RefundResult is the provider's view of a refund.
type RefundResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...Option) (RefundResult, error) {
	var out RefundResult
	err := c.api.Do(ctx, httpjson.Call{
		Method: http.MethodPost, Path: "/v1/refunds", Header: headers(opts), Body: req,
	}, &out)
	return out, err
}

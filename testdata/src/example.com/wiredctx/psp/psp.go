// Package psp refunds payments through the provider's HTTP API, which
// drops a repeated request by its Idempotency-Key header, when the
// caller passes one.
package psp

import (
	"context"
	"net/http"
	"strings"
)

// A CallOption sets what one request sends besides its body.
type CallOption func(*callOptions)

type callOptions struct{ key, reason string }

// WithIdempotencyKey sends key, under which the provider drops a repeat.
func WithIdempotencyKey(key string) CallOption { return func(o *callOptions) { o.key = key } }

// WithReason sends the reason shown on the customer's statement.
func WithReason(reason string) CallOption { return func(o *callOptions) { o.reason = reason } }

// Client calls the provider.
type Client struct {
	HC   *http.Client
	Base string
}

// Refund refunds amount of a payment.
func (c *Client) Refund(ctx context.Context, payment string, amount int64, opts ...CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/refunds/"+payment, strings.NewReader(o.reason))
	if err != nil {
		return err
	}
	if o.key != "" {
		req.Header.Set("Idempotency-Key", o.key)
	}
	resp, err := c.HC.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler API.Refund\) \[IDEM002\]$`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Void voids a payment.
func (c *Client) Void(ctx context.Context, payment string, opts ...CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/voids/"+payment, nil)
	if err != nil {
		return err
	}
	if o.key != "" {
		req.Header.Set("Idempotency-Key", o.key)
	}
	resp, err := c.HC.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler API.VoidAll\); pass psp.WithIdempotencyKey with the request's Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

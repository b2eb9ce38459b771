// Package xdoopts is a payment provider's client whose create calls take
// options, collected into a struct that a shared helper sends with,
// retrying in a closure when the request carries a key.
package xdoopts

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

// RequestOption configures one create request.
type RequestOption func(*requestOptions)

type requestOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

func collect(opts []RequestOption) requestOptions {
	var ro requestOptions
	for _, o := range opts {
		o(&ro)
	}
	return ro
}

// Client calls the provider.
type Client struct {
	http    *http.Client
	baseURL string
}

// RefundParams are a refund's.
type RefundParams struct {
	Amount  int64  `json:"amount"`
	Payment string `json:"payment"`
}

// Refund is a refund made.
type Refund struct {
	ID string `json:"id"`
}

// do sends one call; a POST with a key is retried on failure.
func (c *Client) do(ctx context.Context, method, path string, body any, ro requestOptions, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	attempt := func() error {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if ro.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", ro.idempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return json.NewDecoder(resp.Body).Decode(out)
	}
	if method != http.MethodGet && ro.idempotencyKey == "" {
		return attempt()
	}
	return backoff.Retry(attempt, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// CreateRefund refunds a payment.
func (c *Client) CreateRefund(ctx context.Context, p RefundParams, opts ...RequestOption) (*Refund, error) {
	var out struct {
		Refunds Refund `json:"refunds"`
	}
	if err := c.do(ctx, http.MethodPost, "/refunds", map[string]any{"refunds": p}, collect(opts), &out); err != nil {
		return nil, err
	}
	return &out.Refunds, nil
}

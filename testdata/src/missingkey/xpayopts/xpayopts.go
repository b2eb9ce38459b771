// Package xpayopts is a card processor's client whose calls take
// options, collected by a helper into a struct the client keeps in a
// variable and hands, by value, to the helper that posts.
package xpayopts

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

type Client struct {
	baseURL string
	http    *http.Client
}

func New(baseURL string) *Client { return &Client{baseURL: baseURL, http: http.DefaultClient} }

// CallOption sets an option of one call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sends the key the processor runs a request once
// per.
func WithIdempotencyKey(k string) CallOption { return func(o *callOptions) { o.idempotencyKey = k } }

// WithMetadata attaches metadata.
func WithMetadata(kv map[string]string) CallOption { return func(o *callOptions) { o.metadata = kv } }

// RefundRequest refunds a charge.
type RefundRequest struct {
	ChargeID string            `json:"charge"`
	Amount   int64             `json:"amount"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// CreateRefund refunds a charge.
func (c *Client) CreateRefund(ctx context.Context, req RefundRequest, opts ...CallOption) error {
	o := apply(opts)
	if o.metadata != nil {
		req.Metadata = o.metadata
	}
	return c.post(ctx, "/v1/refunds", req, o)
}

func apply(opts []CallOption) callOptions {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

func (c *Client) post(ctx context.Context, path string, in any, o callOptions) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

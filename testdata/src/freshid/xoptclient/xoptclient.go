// Package xoptclient is a partner's client whose key only an option
// sets.
package xoptclient

import (
	"bytes"
	"context"
	"net/http"
)

// Option configures one call.
type Option func(*callOptions)

type callOptions struct {
	idempotencyKey string
	correlationID  string
}

// WithIdempotencyKey makes the partner answer a repeat with the first
// answer.
func WithIdempotencyKey(key string) Option {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithCorrelationID sets an ID the partner only logs.
func WithCorrelationID(id string) Option {
	return func(o *callOptions) { o.correlationID = id }
}

// Client talks to the partner.
type Client struct {
	base string
	hc   *http.Client
}

// New returns a client.
func New(base string) *Client { return &Client{base: base, hc: http.DefaultClient} }

// Register registers a counterparty.
func (c *Client) Register(ctx context.Context, body []byte, opts ...Option) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/counterparties", bytes.NewReader(body))
	if err != nil {
		return err
	}
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	if o.correlationID != "" {
		req.Header.Set("X-Correlation-Id", o.correlationID)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

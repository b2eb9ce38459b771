// Package xcardopts is a card processor's client: each call's options
// fill a config, which a helper of the package is handed by value and
// sets the Idempotency-Key header from.
package xcardopts

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Client posts to the processor.
type Client struct {
	base string
	hc   *http.Client
}

// New returns a client.
func New(base string) *Client { return &Client{base: base, hc: http.DefaultClient} }

type callConfig struct{ idempotencyKey string }

// A CallOption sets a call's config.
type CallOption func(*callConfig)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(k string) CallOption { return func(c *callConfig) { c.idempotencyKey = k } }

// AuthorizeRequest holds a card's authorisation.
type AuthorizeRequest struct {
	Token  string `json:"token"`
	Amount int64  `json:"amount"`
}

// Authorize holds the amount on the card.
func (c *Client) Authorize(ctx context.Context, req AuthorizeRequest, opts ...CallOption) error {
	return c.post(ctx, "/authorizations", req, opts)
}

func (c *Client) post(ctx context.Context, path string, body any, opts []CallOption) error {
	var cfg callConfig
	for _, o := range opts {
		o(&cfg)
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return c.once(ctx, path, payload, cfg)
}

func (c *Client) once(ctx context.Context, path string, payload []byte, cfg callConfig) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	if cfg.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", cfg.idempotencyKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

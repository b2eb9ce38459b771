// Package xcheckopts is a print-and-mail vendor's client: a call's
// options fill a struct whose key field, and a key parameter, go to a
// helper that builds the request from the method it is given and sets
// the Idempotency-Key header when the key is not empty.
package xcheckopts

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Client posts to the vendor.
type Client struct {
	base string
	hc   *http.Client
}

// New returns a client.
func New(base string) *Client { return &Client{base: base, hc: http.DefaultClient} }

type callOptions struct{ idempotencyKey string }

// An Option sets a call's options.
type Option func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) Option {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// A CheckRequest asks for a check to be printed and mailed.
type CheckRequest struct {
	Payee  string `json:"payee"`
	Amount int64  `json:"amount"`
}

// CreateCheck prints and mails a check, keyed by the options.
func (c *Client) CreateCheck(ctx context.Context, req CheckRequest, opts ...Option) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	return c.do(ctx, http.MethodPost, "/checks", req, o.idempotencyKey)
}

// CreateLetter mails a letter, keyed by the key it is given.
func (c *Client) CreateLetter(ctx context.Context, req CheckRequest, key string) error {
	return c.do(ctx, http.MethodPost, "/letters", req, key)
}

// CancelCheck cancels a check.
func (c *Client) CancelCheck(ctx context.Context, id string) error {
	return c.do(ctx, http.MethodDelete, "/checks/"+id, nil, "")
}

func (c *Client) do(ctx context.Context, method, path string, body any, idempotencyKey string) error {
	buf, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

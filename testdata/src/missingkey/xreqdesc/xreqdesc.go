// Package xreqdesc is a warehouse partner's client: each call describes
// its request in a struct (method, path, body, key) that a helper sends,
// setting the Idempotency-Key header when the description has a key.
package xreqdesc

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Client talks to the partner.
type Client struct {
	base string
	hc   *http.Client
}

// New returns a client.
func New(base string) *Client { return &Client{base: base, hc: http.DefaultClient} }

type request struct {
	method  string
	path    string
	body    any
	idemKey string
}

// PlaceHold stops an order from shipping; it sends no key.
func (c *Client) PlaceHold(ctx context.Context, ref, reason string) error {
	return c.do(ctx, request{method: http.MethodPost, path: "/orders/" + ref + "/holds", body: map[string]string{"reason": reason}})
}

// Reship sends an order's parcel again under the key it is given.
func (c *Client) Reship(ctx context.Context, ref, key string) error {
	return c.do(ctx, request{method: http.MethodPost, path: "/reships", body: map[string]string{"order": ref}, idemKey: key})
}

// Status reads an order's status.
func (c *Client) Status(ctx context.Context, ref string) error {
	return c.do(ctx, request{method: http.MethodGet, path: "/orders/" + ref})
}

func (c *Client) do(ctx context.Context, r request) error {
	buf, err := json.Marshal(r.body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, r.method, c.base+r.path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	if r.idemKey != "" {
		req.Header.Set("Idempotency-Key", r.idemKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

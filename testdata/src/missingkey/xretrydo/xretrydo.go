// Package xretrydo is a card processor's client: every call goes
// through do, which retries the send with retry-go and sets the key
// header from the key it is given.
package xretrydo

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/avast/retry-go/v4"
)

// IncrementRequest raises an authorisation.
type IncrementRequest struct {
	AuthorisationRef string `json:"-"`
	AmountPence      int64  `json:"amount_pence"`
	IdempotencyKey   string `json:"-"`
}

// Client calls the processor.
type Client struct {
	http *http.Client
	base string
}

// Increment raises an authorisation by the amount asked.
func (c *Client) Increment(ctx context.Context, req IncrementRequest) error {
	return c.do(ctx, http.MethodPost, "/v2/authorisations/"+req.AuthorisationRef+"/increments", req.IdempotencyKey, req)
}

func (c *Client) do(ctx context.Context, method, path, idemKey string, body any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		return c.send(ctx, method, c.base+path, idemKey, payload)
	})
}

func (c *Client) send(ctx context.Context, method, endpoint, idemKey string, payload []byte) error {
	req, err := http.NewRequestWithContext(ctx, method, endpoint, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Capturer captures authorisations; its helper resolves the path
// against the processor's base address.
type Capturer struct {
	http *http.Client
	base *url.URL
}

// Capture captures an authorisation under the key its caller gives.
func (c *Capturer) Capture(ctx context.Context, auth, key string) error {
	return c.do(ctx, http.MethodPost, "/v2/authorisations/"+auth+"/captures", key)
}

func (c *Capturer) do(ctx context.Context, method, path, idemKey string) error {
	endpoint := c.base.ResolveReference(&url.URL{Path: path}).String()
	return retry.Do(func() error {
		return c.send(ctx, method, endpoint, idemKey)
	})
}

func (c *Capturer) send(ctx context.Context, method, endpoint, idemKey string) error {
	req, err := http.NewRequestWithContext(ctx, method, endpoint, nil)
	if err != nil {
		return err
	}
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

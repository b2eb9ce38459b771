// Package pay is a payment provider's client, which runs a charge once
// per Idempotency-Key.
package pay

import (
	"context"
	"net/http"

	"example.com/wiredprev/httpx"
)

// A ChargeRequest is one charge, keyed when Key is set.
type ChargeRequest struct {
	Amount int64
	Key    string
}

// Client charges through the provider's API.
type Client struct{ API *httpx.Client }

// keyHeaders is the key header for a key, or no headers for none.
func keyHeaders(key string) map[string]string {
	if key == "" {
		return nil
	}
	return map[string]string{"Idempotency-Key": key}
}

// Charge sends the charge under the request's key.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) error {
	return c.API.Do(ctx, httpx.Request{Method: http.MethodPost, Path: "/charges", Headers: keyHeaders(req.Key)})
}

// Package xoptbuild sends payment requests whose key is a field.
package xoptbuild

import (
	"context"
	"net/http"
)

// A Request is one payment.
type Request struct {
	IdempotencyKey, Payee string
}

// Client pays.
type Client struct{ HTTP *http.Client }

// Pay sends the payment, keyed by its key when it has one.
func (c *Client) Pay(ctx context.Context, r Request) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://bank.example/payments", nil)
	if err != nil {
		return err
	}
	if r.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", r.IdempotencyKey)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

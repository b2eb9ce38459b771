// Package bank is a client of a bank's reversal API, which keys a
// reversal on the Idempotency-Key header when the caller gives one.
package bank

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// ReversalInput describes a reversal.
type ReversalInput struct {
	TransferID     string `json:"transfer_id"`
	Cents          int64  `json:"cents"`
	IdempotencyKey string `json:"-"`
}

// Client reverses transfers.
type Client struct{ HTTP *http.Client }

// Reverse asks the bank to reverse a transfer.
func (c *Client) Reverse(ctx context.Context, in ReversalInput) error {
	body, _ := json.Marshal(in)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://bank.example.com/reversals", bytes.NewReader(body))
	if err != nil {
		return err
	}
	if in.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", in.IdempotencyKey)
	}
	resp, err := c.HTTP.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Reverse\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

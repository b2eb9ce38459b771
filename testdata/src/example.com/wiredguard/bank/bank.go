// Package bank is the client of the bank's transfer API, which runs a
// transfer once per Idempotency-Key.
package bank

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// TransferRequest moves an amount to an account.
type TransferRequest struct {
	ToAccountRef string `json:"to_account"`
	Amount       int    `json:"amount"`
}

type Client struct{ HTTP *http.Client }

// Transfer sends the transfer without a key.
func (c *Client) Transfer(ctx context.Context, req TransferRequest) error {
	return c.send(ctx, req, "") // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Payout\)`
}

// TransferKeyed sends the transfer under the caller's key.
func (c *Client) TransferKeyed(ctx context.Context, req TransferRequest, key string) error {
	return c.send(ctx, req, key)
}

func (c *Client) send(ctx context.Context, req TransferRequest, key string) error {
	b, err := json.Marshal(req)
	if err != nil {
		return err
	}
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://bank.example/v1/transfers", bytes.NewReader(b))
	if err != nil {
		return err
	}
	if key != "" {
		r.Header.Set("Idempotency-Key", key)
	}
	resp, err := c.HTTP.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

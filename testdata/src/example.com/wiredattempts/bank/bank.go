// Package bank is the client of the bank's transfer API, which runs a
// transfer once per Idempotency-Key.
package bank

import (
	"bytes"
	"context"
	"net/http"
)

type TransferRequest struct {
	IdempotencyKey string `json:"-"`
	Amount         int    `json:"amount"`
}

type Client struct{ HTTP *http.Client }

func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest) (string, error) {
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://bank/transfers", bytes.NewReader(nil))
	if req.IdempotencyKey != "" {
		r.Header.Set("Idempotency-Key", req.IdempotencyKey)
	}
	resp, err := c.HTTP.Do(r) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Service.SendUnkeyed\)`
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	return "t", nil
}

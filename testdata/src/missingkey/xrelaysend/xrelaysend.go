// Package xrelaysend is a payouts provider's client: every call goes
// through do, which retries the shared JSON client's Do with backoff.
package xrelaysend

import (
	"context"
	"net/http"

	"github.com/cenkalti/backoff/v4"

	"missingkey/xjsonapi"
)

// Client calls the payouts provider.
type Client struct {
	api *xjsonapi.Client
}

// Recipient is a registered bank account.
type Recipient struct {
	ID string `json:"id"`
}

// Payout is a payout the provider accepted.
type Payout struct {
	ID string `json:"id"`
}

// CreateRecipient registers a bank account.
func (c *Client) CreateRecipient(ctx context.Context, bankToken string) (Recipient, error) {
	var out Recipient
	err := c.do(ctx, xjsonapi.Call{Method: http.MethodPost, Path: "/v2/recipients", Body: map[string]string{"bank_token": bankToken}}, &out)
	return out, err
}

// CreatePayout pays a recipient under the key its caller gives.
func (c *Client) CreatePayout(ctx context.Context, recipient string, amount int64, key string) (Payout, error) {
	var out Payout
	err := c.do(ctx, xjsonapi.Call{Method: http.MethodPost, Path: "/v2/payouts", Header: idempotencyHeader(key), Body: map[string]any{"recipient": recipient, "amount": amount}}, &out)
	return out, err
}

// GetPayout reads a payout.
func (c *Client) GetPayout(ctx context.Context, id string) (Payout, error) {
	var out Payout
	err := c.do(ctx, xjsonapi.Call{Method: http.MethodGet, Path: "/v2/payouts/" + id}, &out)
	return out, err
}

func (c *Client) do(ctx context.Context, call xjsonapi.Call, out any) error {
	op := func() error {
		return c.api.Do(ctx, call, out)
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}

func idempotencyHeader(key string) http.Header {
	h := http.Header{}
	if key != "" {
		h.Set("Idempotency-Key", key)
	}
	return h
}

// Package paylane is a client for the Paylane payouts API, which we use to
// pay drivers by bank transfer.
//
// POST /transfers requires an Idempotency-Key header; a repeated key
// returns the transfer created by the first request instead of moving
// money again.
package paylane

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/frostline/coldchain/internal/platform"
)

type Client struct {
	baseURL string
	apiKey  string
	http    platform.Doer
}

func New(baseURL, apiKey string, doer platform.Doer) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: platform.WithRetries(doer, 4, time.Second)}
}

// Transfer is a payout request.
type Transfer struct {
	RecipientAccount string            `json:"recipient_account"`
	AmountCents      int64             `json:"amount"`
	Currency         string            `json:"currency"`
	Description      string            `json:"description"`
	Metadata         map[string]string `json:"metadata,omitempty"`
}

// TransferResult is Paylane's record of a transfer.
type TransferResult struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// ErrMissingKey is returned when CreateTransfer is called without a key.
var ErrMissingKey = errors.New("paylane: idempotency key is required")

// CreateTransfer pays out t.
func (c *Client) CreateTransfer(ctx context.Context, t Transfer, idempotencyKey string) (TransferResult, error) {
	if idempotencyKey == "" {
		return TransferResult{}, ErrMissingKey
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	h.Set("Idempotency-Key", idempotencyKey)
	var out TransferResult
	err := platform.DoJSON(ctx, c.http, platform.JSONRequest{
		Provider: "paylane",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/transfers",
		Header:   h,
		Body:     t,
	}, &out)
	return out, err
}

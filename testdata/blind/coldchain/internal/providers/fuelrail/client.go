// Package fuelrail is a client for the FuelRail fleet fuel-card API.
//
// POST /cards/{id}/loads credits the card immediately. FuelRail offers no
// idempotency key or client reference; each accepted call is a new load.
package fuelrail

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/frostline/coldchain/internal/platform"
)

type Client struct {
	baseURL string
	apiKey  string
	http    platform.Doer
}

func New(baseURL, apiKey string, doer platform.Doer) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: doer}
}

type loadRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Memo        string `json:"memo"`
}

// Load is a completed card credit.
type Load struct {
	TransactionID string    `json:"transaction_id"`
	BalanceCents  int64     `json:"balance_cents"`
	PostedAt      time.Time `json:"posted_at"`
}

// LoadCard credits amountCents to the card.
func (c *Client) LoadCard(ctx context.Context, cardID string, amountCents int64, memo string) (Load, error) {
	h := http.Header{}
	h.Set("X-FuelRail-Key", c.apiKey)
	var out Load
	err := platform.DoJSON(ctx, c.http, platform.JSONRequest{
		Provider: "fuelrail",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/cards/" + url.PathEscape(cardID) + "/loads",
		Header:   h,
		Body:     loadRequest{AmountCents: amountCents, Memo: memo},
	}, &out)
	return out, err
}

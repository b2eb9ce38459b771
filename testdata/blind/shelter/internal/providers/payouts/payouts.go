// Package payouts is the client for Payrail, which pays foster carers by
// bank transfer.
//
// Payrail requires an Idempotency-Key on every payout; a repeated key
// returns the original payout.
package payouts

import (
	"context"
	"errors"
	"net/http"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/providers/httpjson"
)

type Client struct{ api *httpjson.Client }

func New(cfg config.Config) *Client {
	return &Client{api: httpjson.New(cfg.PayoutsBaseURL, cfg.ProviderTimeout, httpjson.Bearer(cfg.PayoutsAPIKey))}
}

type PayoutRequest struct {
	DestinationAccount string `json:"destination_account"`
	AmountCents        int64  `json:"amount"`
	Currency           string `json:"currency"`
	Reference          string `json:"reference"`
	Memo               string `json:"memo,omitempty"`
}

type Payout struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) CreatePayout(ctx context.Context, idempotencyKey string, req PayoutRequest) (Payout, error) {
	if idempotencyKey == "" {
		return Payout{}, errors.New("payouts: idempotency key is required")
	}
	var out Payout
	err := c.api.Do(ctx, http.MethodPost, "/v1/payouts", req, &out,
		httpjson.WithHeader("Idempotency-Key", idempotencyKey))
	return out, err
}

// Package ach is the client for the ACH payout provider used to reimburse
// drivers. Transfers are deduplicated on the Idempotency-Key header.
package ach

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/internal/platform/httpclient"
)

// Client talks to the ACH provider.
type Client struct {
	http           *retryablehttp.Client
	baseURL        string
	apiKey         string
	fundingAccount string
}

// NewClient builds an ACH client from config.
func NewClient(cfg *config.Config, log *slog.Logger) *Client {
	return &Client{
		http: httpclient.New(log, httpclient.Options{
			Name:     "ach",
			Timeout:  cfg.ACH.Timeout,
			RetryMax: cfg.ACH.RetryMax,
		}),
		baseURL:        cfg.ACH.BaseURL,
		apiKey:         cfg.ACH.APIKey,
		fundingAccount: cfg.ACH.AccountRef,
	}
}

// TransferRequest is a same-day ACH credit to a tokenized account.
type TransferRequest struct {
	DestinationToken string `json:"destination_account_token"`
	AmountCents      int64  `json:"amount_cents"`
	Description      string `json:"statement_descriptor"`
	Reference        string `json:"reference"`
}

// Transfer is the provider's view of a transfer.
type Transfer struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CreateTransfer sends money to a driver. The idempotency key is passed in the
// Idempotency-Key header; the provider returns the original transfer for a
// repeated key.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest, idempotencyKey string) (*Transfer, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	h.Set("Idempotency-Key", idempotencyKey)
	body := struct {
		TransferRequest
		Source string `json:"source_account"`
		Speed  string `json:"speed"`
	}{req, c.fundingAccount, "same_day"}
	var out Transfer
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "ach",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/v1/transfers",
		Headers:  h,
		Body:     body,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

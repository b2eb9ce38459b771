// Package paystream is the client for Paystream, which moves seller
// proceeds from the escrow account to sellers' bank accounts.
package paystream

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/platform/httpclient"
)

// PayoutRequest.Reference is unique per Paystream account: a repeated
// reference returns the payout already created under it.
type PayoutRequest struct {
	Reference   string `json:"reference"`
	AccountID   string `json:"destination_account"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	Memo        string `json:"memo,omitempty"`
}

type Payout struct {
	ID        string `json:"id"`
	Reference string `json:"reference"`
	Status    string `json:"status"`
}

type Client interface {
	CreatePayout(ctx context.Context, req PayoutRequest) (*Payout, error)
}

type HTTPClient struct {
	base   string
	apiKey string
	http   *retryablehttp.Client
}

func NewHTTPClient(cfg *config.Config, log *slog.Logger) *HTTPClient {
	return &HTTPClient{
		base:   cfg.Paystream.BaseURL,
		apiKey: cfg.Paystream.APIKey,
		http:   httpclient.New(httpclient.Options{Logger: log.With("provider", "paystream")}),
	}
}

func (c *HTTPClient) CreatePayout(ctx context.Context, req PayoutRequest) (*Payout, error) {
	var out Payout
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.base + "/payouts",
		Headers: map[string]string{"X-Api-Key": c.apiKey},
		Body:    req,
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("paystream payout: %w", err)
	}
	return &out, nil
}

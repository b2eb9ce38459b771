// Package cardpush pushes funds to a seller's debit card for instant
// cash-outs.
package cardpush

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/platform/httpclient"
)

type PushRequest struct {
	CardToken   string `json:"card_token"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Descriptor  string `json:"descriptor"`
}

type PushResult struct {
	TraceID string `json:"trace_id"`
	Status  string `json:"status"`
}

type Client interface {
	Push(ctx context.Context, req PushRequest) (*PushResult, error)
}

type HTTPClient struct {
	base   string
	apiKey string
	http   *retryablehttp.Client
}

func NewHTTPClient(cfg *config.Config, log *slog.Logger) *HTTPClient {
	c := httpclient.New(httpclient.Options{Logger: log.With("provider", "cardpush")})
	// Card network pushes are not retried at the transport: a timed-out
	// push may still settle.
	c.RetryMax = 0
	return &HTTPClient{base: cfg.Cardpush.BaseURL, apiKey: cfg.Cardpush.APIKey, http: c}
}

func (c *HTTPClient) Push(ctx context.Context, req PushRequest) (*PushResult, error) {
	var out PushResult
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.base + "/v1/pushes",
		Headers: map[string]string{"Authorization": "Bearer " + c.apiKey},
		Body:    req,
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("cardpush: %w", err)
	}
	return &out, nil
}

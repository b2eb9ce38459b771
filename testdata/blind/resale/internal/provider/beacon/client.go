// Package beacon sends SMS and email through the Beacon messaging API.
package beacon

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/platform/httpclient"
)

type Notifier interface {
	SendSMS(ctx context.Context, to, body string) error
	SendEmail(ctx context.Context, msg Email) error
}

type Email struct {
	To       string            `json:"to"`
	Template string            `json:"template"`
	Subject  string            `json:"subject"`
	Vars     map[string]string `json:"vars"`
}

type HTTPClient struct {
	base   string
	apiKey string
	sender string
	http   *retryablehttp.Client
}

func NewHTTPClient(cfg *config.Config, log *slog.Logger) *HTTPClient {
	return &HTTPClient{
		base:   cfg.Beacon.BaseURL,
		apiKey: cfg.Beacon.APIKey,
		sender: cfg.Beacon.Sender,
		http:   httpclient.New(httpclient.Options{RetryMax: 2, Logger: log.With("provider", "beacon")}),
	}
}

func (c *HTTPClient) SendSMS(ctx context.Context, to, body string) error {
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.base + "/v1/sms",
		Headers: map[string]string{"Authorization": "Key " + c.apiKey},
		Body:    map[string]string{"from": c.sender, "to": to, "text": body},
	}, nil)
	if err != nil {
		return fmt.Errorf("beacon sms: %w", err)
	}
	return nil
}

func (c *HTTPClient) SendEmail(ctx context.Context, msg Email) error {
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.base + "/v1/email",
		Headers: map[string]string{"Authorization": "Key " + c.apiKey},
		Body:    msg,
	}, nil)
	if err != nil {
		return fmt.Errorf("beacon email: %w", err)
	}
	return nil
}

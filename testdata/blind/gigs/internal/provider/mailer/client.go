// Package mailer sends transactional email through the email provider's HTTP
// API. The provider has no request deduplication.
package mailer

import (
	"context"
	"net/http"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/provider/httpjson"
)

// Client sends templated email.
type Client struct {
	api  *httpjson.Client
	from string
}

// Config configures the client.
type Config struct {
	BaseURL string
	APIKey  string
	From    string
}

func New(cfg Config, rec *metrics.Recorder) *Client {
	return &Client{api: httpjson.New("mailer", cfg.BaseURL, cfg.APIKey, rec), from: cfg.From}
}

// Message is one templated email.
type Message struct {
	To       string            `json:"to"`
	Template string            `json:"template"`
	Vars     map[string]string `json:"vars"`
}

type sendBody struct {
	From string `json:"from"`
	Message
}

// Send queues the message for delivery and returns the provider message id.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	var out struct {
		ID string `json:"id"`
	}
	err := c.api.Do(ctx, httpjson.Call{
		Method: http.MethodPost, Path: "/v1/messages", Endpoint: "send", Body: sendBody{From: c.from, Message: m},
	}, &out)
	return out.ID, err
}

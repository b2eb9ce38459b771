// Package notifier is the client for Relaynote, the messaging API we use
// for customer email and SMS.
//
// Relaynote honours an Idempotency-Key header on POST /v1/messages: a
// repeated key returns the first message instead of sending again.
package notifier

import (
	"context"
	"net/http"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/platform/httpx"
)

type Message struct {
	// IdempotencyKey is sent as the Idempotency-Key header.
	IdempotencyKey string         `json:"-"`
	Channel        string         `json:"channel"`
	To             string         `json:"to"`
	Template       string         `json:"template"`
	Vars           map[string]any `json:"vars,omitempty"`
}

type Receipt struct {
	MessageID string `json:"id"`
	Status    string `json:"status"`
}

type Client struct {
	http *httpx.Client
}

func New(cfg config.Provider) *Client {
	return &Client{http: httpx.New("relaynote", cfg.BaseURL, cfg.Timeout, httpx.BearerAuth(cfg.APIKey))}
}

func (c *Client) Send(ctx context.Context, msg Message) (*Receipt, error) {
	var h http.Header
	if msg.IdempotencyKey != "" {
		h = http.Header{"Idempotency-Key": []string{msg.IdempotencyKey}}
	}
	var out Receipt
	if err := c.http.Do(ctx, http.MethodPost, "/v1/messages", h, msg, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

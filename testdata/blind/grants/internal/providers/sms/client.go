// Package sms is the HTTP client for the text-message gateway. The gateway
// has no deduplication: every accepted request is a message on a handset.
package sms

import (
	"context"
	"fmt"
	"net/http"

	"github.com/civicfund/grants/internal/platform/httpx"
)

// Client implements ports.SMS.
type Client struct {
	baseURL string
	apiKey  string
	sender  string
	http    *http.Client
}

// New builds a client.
func New(baseURL, apiKey, sender string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, sender: sender, http: httpx.DefaultClient}
}

// Send sends one text message.
func (c *Client) Send(ctx context.Context, to, body string) error {
	payload := map[string]string{"from": c.sender, "to": to, "body": body}
	headers := map[string]string{"Authorization": "Bearer " + c.apiKey}
	if _, err := httpx.PostJSON(ctx, c.http, c.baseURL+"/messages", headers, payload, nil); err != nil {
		return fmt.Errorf("sms send: %w", err)
	}
	return nil
}

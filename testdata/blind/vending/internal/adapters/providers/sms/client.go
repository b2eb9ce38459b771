// Package sms is a client for the TextHive SMS gateway, used to page field
// technicians. TextHive has no idempotency mechanism: every accepted POST
// sends a message.
package sms

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/vendgrid/fleetops/internal/app"
)

type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

type Option func(*Client)

func WithSender(from string) Option { return func(c *Client) { c.from = from } }

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, apiKey: apiKey, from: "VendGrid", http: &http.Client{Timeout: 10 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

var _ app.Pager = (*Client)(nil)

// SendSMS sends body to the E.164 number and returns TextHive's message id.
func (c *Client) SendSMS(ctx context.Context, to, body string) (string, error) {
	form := url.Values{"to": {to}, "from": {c.from}, "text": {body}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth("api", c.apiKey)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("texthive: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted && resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("texthive: status %d", resp.StatusCode)
	}
	var out struct {
		MessageID string `json:"message_id"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("texthive: decode: %w", err)
	}
	return out.MessageID, nil
}

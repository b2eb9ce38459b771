// Package notify sends SMS and email through the city's shared messaging
// gateway. The gateway has no request deduplication; each accepted call is a
// message delivered.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Client is the gateway client.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// New returns a client.
func New(baseURL, apiKey string, timeout time.Duration) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: "permits@curbline.gov", http: &http.Client{Timeout: timeout}}
}

// Email is a templated email.
type Email struct {
	To       string         `json:"to"`
	From     string         `json:"from"`
	Template string         `json:"template"`
	Data     map[string]any `json:"data"`
}

// SendEmail sends one templated email.
func (c *Client) SendEmail(ctx context.Context, e Email) error {
	if e.From == "" {
		e.From = c.from
	}
	return c.post(ctx, "/v1/email", e)
}

// SendSMS sends one text message.
func (c *Client) SendSMS(ctx context.Context, to, body string) error {
	return c.post(ctx, "/v1/sms", map[string]string{"to": to, "body": body})
}

func (c *Client) post(ctx context.Context, path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("notify %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("notify %s: status %d", path, resp.StatusCode)
	}
	return nil
}

// Package notify sends SMS and email through the messaging provider's
// HTTP API. The provider has no request deduplication: every accepted
// call results in a message.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Client is the messaging provider client.
type Client struct {
	baseURL   string
	apiKey    string
	fromPhone string
	fromEmail string
	http      *http.Client
}

// New returns a messaging client.
func New(baseURL, apiKey, fromPhone, fromEmail string) *Client {
	return &Client{
		baseURL:   baseURL,
		apiKey:    apiKey,
		fromPhone: fromPhone,
		fromEmail: fromEmail,
		http:      &http.Client{Timeout: 10 * time.Second},
	}
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// SendSMS sends a text message and returns the provider message ID.
func (c *Client) SendSMS(ctx context.Context, to, body string) (string, error) {
	return c.post(ctx, "/v1/sms", map[string]string{
		"from": c.fromPhone,
		"to":   to,
		"body": body,
	})
}

// Email is an outgoing email rendered from a template.
type Email struct {
	To       string
	Template string
	Data     map[string]string
}

// SendEmail sends a templated email and returns the provider message ID.
func (c *Client) SendEmail(ctx context.Context, e Email) (string, error) {
	return c.post(ctx, "/v1/email", map[string]any{
		"from":     c.fromEmail,
		"to":       e.To,
		"template": e.Template,
		"data":     e.Data,
	})
}

func (c *Client) post(ctx context.Context, path string, payload any) (string, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("notify: %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("notify: %s: status %d", path, resp.StatusCode)
	}
	var out sendResponse
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("notify: %s: decode: %w", path, err)
	}
	return out.MessageID, nil
}

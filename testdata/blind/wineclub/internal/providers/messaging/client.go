// Package messaging sends SMS and email through TextLine. TextLine has no
// request deduplication: every accepted POST is delivered.
package messaging

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/wire"

	"github.com/vinoteca/wineclub/internal/config"
)

// ProviderSet is the messaging provider set.
var ProviderSet = wire.NewSet(New, wire.Bind(new(Sender), new(*Client)))

// Sender sends member notifications.
type Sender interface {
	SMS(ctx context.Context, to, body string) (string, error)
	Email(ctx context.Context, to, subject, body string) (string, error)
}

// Client is the TextLine client.
type Client struct {
	http *http.Client
	base string
	key  string
	from string
}

// New builds the client.
func New(cfg config.Config) *Client {
	return &Client{http: &http.Client{Timeout: 10 * time.Second}, base: cfg.MessagingURL, key: cfg.MessagingKey, from: cfg.SenderNumber}
}

type sendResponse struct {
	ID string `json:"id"`
}

func (c *Client) post(ctx context.Context, path string, payload any) (string, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("textline: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("textline: status %d: %s", resp.StatusCode, raw)
	}
	var out sendResponse
	_ = json.Unmarshal(raw, &out)
	return out.ID, nil
}

// SMS sends a text message.
func (c *Client) SMS(ctx context.Context, to, body string) (string, error) {
	return c.post(ctx, "/v1/sms", map[string]string{"from": c.from, "to": to, "body": body})
}

// Email sends a plain-text email.
func (c *Client) Email(ctx context.Context, to, subject, body string) (string, error) {
	return c.post(ctx, "/v1/email", map[string]string{"to": to, "subject": subject, "text": body})
}

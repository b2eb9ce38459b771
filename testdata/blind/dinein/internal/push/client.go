// Package push is the client for Beacon, the mobile push gateway.
package push

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/dinein/platform/internal/config"
)

// Notification is one push message to one device.
type Notification struct {
	DeviceToken string            `json:"token"`
	Title       string            `json:"title"`
	Body        string            `json:"body"`
	Data        map[string]string `json:"data,omitempty"`
	Sound       string            `json:"sound,omitempty"`
}

// Sender sends push notifications.
type Sender interface {
	Send(ctx context.Context, n Notification) (string, error)
}

// Client is the HTTP client for Beacon.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// NewClient builds a Beacon client from config.
func NewClient(cfg config.Config) *Client {
	return &Client{baseURL: cfg.PushBaseURL, apiKey: cfg.PushAPIKey, http: &http.Client{Timeout: 5 * time.Second}}
}

// Send delivers n and returns Beacon's ticket id.
func (c *Client) Send(ctx context.Context, n Notification) (string, error) {
	if n.Sound == "" {
		n.Sound = "default"
	}
	raw, err := json.Marshal(n)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v3/send", bytes.NewReader(raw))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Key "+c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("push: send: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return "", fmt.Errorf("push: send: status %d: %s", resp.StatusCode, bytes.TrimSpace(b))
	}
	var out struct {
		Ticket string `json:"ticket"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("push: decode: %w", err)
	}
	return out.Ticket, nil
}

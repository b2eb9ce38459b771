// Package push sends mobile push notifications through the push relay.
package push

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Notification is one push to one device.
type Notification struct {
	DeviceToken string            `json:"device_token"`
	Title       string            `json:"title"`
	Body        string            `json:"body"`
	Data        map[string]string `json:"data,omitempty"`
	Collapse    string            `json:"collapse_key,omitempty"`
	TTLSeconds  int               `json:"ttl_seconds,omitempty"`
}

// Result is the relay's answer.
type Result struct {
	ID           string `json:"id"`
	InvalidToken bool   `json:"invalid_token"`
}

// Notifier is what callers depend on.
type Notifier interface {
	Send(ctx context.Context, n Notification) (Result, error)
}

// Client implements Notifier.
type Client struct {
	endpoint string
	apiKey   string
	http     *http.Client
}

// New builds a push client.
func New(endpoint, apiKey string) *Client {
	return &Client{endpoint: endpoint, apiKey: apiKey, http: &http.Client{Timeout: 5 * time.Second}}
}

// Send delivers n. The relay forwards every accepted request to the device
// platform; it keeps no memory of earlier requests.
func (c *Client) Send(ctx context.Context, n Notification) (Result, error) {
	body, err := json.Marshal(n)
	if err != nil {
		return Result{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/v1/push", bytes.NewReader(body))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return Result{}, fmt.Errorf("push relay: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 32<<10))
	if resp.StatusCode >= 300 {
		return Result{}, fmt.Errorf("push relay: status %d: %s", resp.StatusCode, raw)
	}
	var r Result
	if err := json.Unmarshal(raw, &r); err != nil {
		return Result{}, fmt.Errorf("decode push result: %w", err)
	}
	return r, nil
}

// Package push sends mobile push notifications through the Beacon gateway.
//
// Beacon fans a notification out to the listed device tokens. It has no
// request de-duplication; collapse_key only replaces an undelivered
// notification on the device with the same key.
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

type Config struct {
	BaseURL string
	APIKey  string
	Project string
	Timeout time.Duration
}

type Client struct {
	cfg  Config
	http *http.Client
}

func NewClient(cfg Config) *Client {
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout}}
}

type Notification struct {
	Tokens      []string          `json:"tokens"`
	Title       string            `json:"title"`
	Body        string            `json:"body"`
	Data        map[string]string `json:"data,omitempty"`
	CollapseKey string            `json:"collapse_key,omitempty"`
	TTLSeconds  int               `json:"ttl,omitempty"`
}

type Result struct {
	ID        string   `json:"id"`
	Delivered int      `json:"success_count"`
	Failed    int      `json:"failure_count"`
	Invalid   []string `json:"invalid_tokens,omitempty"`
}

func (c *Client) Send(ctx context.Context, n Notification) (*Result, error) {
	if len(n.Tokens) == 0 {
		return &Result{}, nil
	}
	body, err := json.Marshal(n)
	if err != nil {
		return nil, err
	}
	url := fmt.Sprintf("%s/v1/projects/%s/notifications", c.cfg.BaseURL, c.cfg.Project)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "key="+c.cfg.APIKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("beacon: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("beacon: send: status %d: %s", resp.StatusCode, bytes.TrimSpace(raw))
	}
	var out Result
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("beacon: decode: %w", err)
	}
	return &out, nil
}

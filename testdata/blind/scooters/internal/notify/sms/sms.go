// Package sms sends text messages to riders and technicians through the
// Pigeon SMS HTTP API.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Config configures the client.
type Config struct {
	BaseURL  string
	APIKey   string
	SenderID string
	Timeout  time.Duration
}

// Client sends messages.
type Client struct {
	cfg  Config
	http *http.Client
}

// New returns a client. A zero Timeout means ten seconds.
func New(cfg Config) *Client {
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout}}
}

type sendRequest struct {
	To       string `json:"to"`
	From     string `json:"from"`
	Text     string `json:"text"`
	Category string `json:"category,omitempty"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// Send queues one message for delivery and returns the provider's message
// ID.
func (c *Client) Send(ctx context.Context, to, text string) (string, error) {
	body, _ := json.Marshal(sendRequest{To: to, From: c.cfg.SenderID, Text: text, Category: "transactional"})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Api-Key", c.cfg.APIKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusAccepted {
		return "", fmt.Errorf("sms: send: HTTP %d: %s", resp.StatusCode, data)
	}
	var out sendResponse
	if err := json.Unmarshal(data, &out); err != nil {
		return "", fmt.Errorf("sms: decode: %w", err)
	}
	return out.MessageID, nil
}

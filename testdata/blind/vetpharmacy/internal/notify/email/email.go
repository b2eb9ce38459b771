// Package email sends transactional mail through Postbird.
package email

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

type Client struct {
	baseURL string
	apiKey  string
	from    string
	hc      *http.Client
}

func New(baseURL, apiKey, from string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, hc: &http.Client{Timeout: 15 * time.Second}}
}

type Message struct {
	To       string `json:"to"`
	From     string `json:"from"`
	Subject  string `json:"subject"`
	TextBody string `json:"text_body"`
	Tag      string `json:"tag,omitempty"`
}

// Send posts a message. When key is non-empty it is sent as Idempotency-Key;
// Postbird returns the original message ID for repeats within 48 hours.
func (c *Client) Send(ctx context.Context, key string, m Message) (string, error) {
	if m.From == "" {
		m.From = c.from
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/email", bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("X-Postbird-Server-Token", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("email: %w", err)
	}
	defer resp.Body.Close()
	var out struct {
		MessageID string `json:"MessageID"`
		ErrorCode int    `json:"ErrorCode"`
		Message   string `json:"Message"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("email: decode: %w", err)
	}
	if resp.StatusCode >= 300 || out.ErrorCode != 0 {
		return "", fmt.Errorf("email: %d %s", out.ErrorCode, out.Message)
	}
	return out.MessageID, nil
}

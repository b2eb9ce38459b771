// Package mailer sends transactional e-mail through the provider's REST API.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Message is one e-mail. IdempotencyKey is forwarded as the provider's
// Idempotency-Key header: a repeated key within 24 hours returns the first
// message id without sending again.
type Message struct {
	To             string            `json:"to"`
	Subject        string            `json:"subject"`
	HTML           string            `json:"html"`
	Text           string            `json:"text"`
	Tags           map[string]string `json:"tags,omitempty"`
	IdempotencyKey string            `json:"-"`
}

type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewClient(baseURL, apiKey, from string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, http: &http.Client{Timeout: 10 * time.Second}}
}

type sendRequest struct {
	From string `json:"from"`
	Message
}

// Send delivers m and returns the provider's message id.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	buf, err := json.Marshal(sendRequest{From: c.from, Message: m})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/emails", bytes.NewReader(buf))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if m.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", m.IdempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("mailer: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("mailer: HTTP %d: %s", resp.StatusCode, raw)
	}
	var out struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("mailer: decode: %w", err)
	}
	return out.ID, nil
}

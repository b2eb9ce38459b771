// Package courier is a client for the Courier transactional email API.
//
// Courier de-duplicates sends by the idempotency_key field of the request
// body for 24 hours; a repeated key returns the first message id.
package courier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client sends templated email.
type Client struct {
	baseURL string
	token   string
	from    string
	http    *http.Client
}

// New returns a client.
func New(baseURL, token, from string) *Client {
	return &Client{baseURL: baseURL, token: token, from: from, http: &http.Client{Timeout: 15 * time.Second}}
}

// Email is a templated message.
type Email struct {
	To             string         `json:"to"`
	From           string         `json:"from"`
	TemplateID     string         `json:"template_id"`
	Data           map[string]any `json:"data"`
	IdempotencyKey string         `json:"idempotency_key,omitempty"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send submits an email and returns Courier's message id.
func (c *Client) Send(ctx context.Context, e Email) (string, error) {
	if e.From == "" {
		e.From = c.from
	}
	raw, err := json.Marshal(e)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/messages", bytes.NewReader(raw))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("courier: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("courier: status %d: %s", resp.StatusCode, body)
	}
	var out sendResponse
	if err := json.Unmarshal(body, &out); err != nil {
		return "", fmt.Errorf("courier: decode: %w", err)
	}
	return out.MessageID, nil
}

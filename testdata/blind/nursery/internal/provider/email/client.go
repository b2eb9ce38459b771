// Package email is the client for the transactional email relay.
//
// The relay has no idempotency support: every accepted request is a new
// email. Callers that may run more than once for the same email have to
// record the send themselves.
package email

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
	From    string
	Timeout time.Duration
}

type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewClient(cfg Config) *Client {
	return &Client{
		baseURL: cfg.BaseURL,
		apiKey:  cfg.APIKey,
		from:    cfg.From,
		http:    &http.Client{Timeout: cfg.Timeout},
	}
}

type Email struct {
	To      string   `json:"to"`
	From    string   `json:"from"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
	HTML    string   `json:"html,omitempty"`
	Tags    []string `json:"tags,omitempty"`
}

// Send submits e and returns the relay's message id.
func (c *Client) Send(ctx context.Context, e Email) (string, error) {
	if e.From == "" {
		e.From = c.from
	}
	body, err := json.Marshal(map[string]any{"message": e})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v3/mail/send", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.apiKey)

	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("email: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return "", fmt.Errorf("email: relay answered %d: %s", resp.StatusCode, raw)
	}
	var out struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("email: decode response: %w", err)
	}
	return out.ID, nil
}

// Package mailer sends transactional email through Postwire.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/stenoline-legal/depobook/internal/config"
)

type Client struct {
	http    *http.Client
	baseURL string
	apiKey  string
	from    string
}

func New(cfg config.Config) *Client {
	return &Client{
		http:    &http.Client{Timeout: 15 * time.Second},
		baseURL: cfg.Mailer.BaseURL,
		apiKey:  cfg.Mailer.APIKey,
		from:    cfg.Mailer.From,
	}
}

type Attachment struct {
	Filename string `json:"filename"`
	URL      string `json:"url"`
}

type Email struct {
	To          []string     `json:"to"`
	Cc          []string     `json:"cc,omitempty"`
	Subject     string       `json:"subject"`
	Text        string       `json:"text"`
	Tags        []string     `json:"tags,omitempty"`
	Attachments []Attachment `json:"attachments,omitempty"`
}

// Send posts one message. Postwire queues every accepted request as a
// new message.
func (c *Client) Send(ctx context.Context, e Email) (string, error) {
	payload := struct {
		From string `json:"from"`
		Email
	}{From: c.from, Email: e}
	body, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("mailer: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("mailer: status %d: %s", resp.StatusCode, raw)
	}
	var out struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(raw, &out)
	return out.ID, nil
}

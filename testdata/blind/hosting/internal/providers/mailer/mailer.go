// Package mailer sends transactional email through the email provider's HTTP
// API. The provider drops a send whose message_id it has already accepted in
// the last 7 days and answers 200 with the original provider id.
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

// Message is the provider's send payload.
type Message struct {
	MessageID string            `json:"message_id,omitempty"`
	From      string            `json:"from"`
	To        []string          `json:"to"`
	ReplyTo   string            `json:"reply_to,omitempty"`
	Subject   string            `json:"subject"`
	HTML      string            `json:"html,omitempty"`
	Text      string            `json:"text,omitempty"`
	Tags      []string          `json:"tags,omitempty"`
	Headers   map[string]string `json:"headers,omitempty"`
}

// SendResult is the provider's acknowledgement.
type SendResult struct {
	ProviderID string `json:"id"`
	Duplicate  bool   `json:"duplicate"`
}

// Client is the HTTP client for the provider.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the transport.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithDefaultFrom sets the sender used when a message has none.
func WithDefaultFrom(from string) Option { return func(c *Client) { c.from = from } }

// New builds a Client.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 15 * time.Second}}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// Send posts a message to /v2/messages.
func (c *Client) Send(ctx context.Context, msg Message) (*SendResult, error) {
	if msg.From == "" {
		msg.From = c.from
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/messages", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("mailer: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return nil, fmt.Errorf("mailer: status %d: %s", resp.StatusCode, bytes.TrimSpace(b))
	}
	var out SendResult
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("mailer: decode: %w", err)
	}
	return &out, nil
}

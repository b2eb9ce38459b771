// Package sms is a client for the SMS gateway. The gateway drops a message
// whose client_ref it has already accepted in the last 24 hours and returns
// the original message id instead.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Client sends text messages.
type Client struct {
	endpoint string
	apiKey   string
	sender   string
	http     *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithSender sets the alphanumeric sender id.
func WithSender(s string) Option { return func(c *Client) { c.sender = s } }

// WithHTTPClient replaces the default http.Client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// New builds a Client.
func New(endpoint, apiKey string, opts ...Option) *Client {
	c := &Client{
		endpoint: endpoint,
		apiKey:   apiKey,
		sender:   "MeridianRl",
		http:     &http.Client{Timeout: 10 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Message is one SMS.
type Message struct {
	To   string `json:"to"`
	Body string `json:"body"`
	// ClientRef is the gateway's deduplication key.
	ClientRef string `json:"client_ref,omitempty"`
	From      string `json:"from"`
}

// Result is the gateway's acceptance.
type Result struct {
	MessageID string `json:"message_id"`
	Duplicate bool   `json:"duplicate"`
}

// Send submits a message.
func (c *Client) Send(ctx context.Context, m Message) (*Result, error) {
	if m.From == "" {
		m.From = c.sender
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/v1/messages", bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Api-Key", c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms gateway: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("sms gateway: status %d", resp.StatusCode)
	}
	var out Result
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("sms gateway decode: %w", err)
	}
	return &out, nil
}

// Package mailer is the client for Postbox, the transactional email service
// used for receipts. Postbox has no request deduplication: every accepted
// POST /send is delivered.
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

// Client sends transactional email.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default http.Client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithFrom sets the From address.
func WithFrom(addr string) Option { return func(c *Client) { c.from = addr } }

// New builds a Client.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 15 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Email is one message.
type Email struct {
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	Template string            `json:"template"`
	Data     map[string]string `json:"data"`
}

type sendRequest struct {
	From string `json:"from"`
	Email
}

// Send submits the email for delivery.
func (c *Client) Send(ctx context.Context, e Email) error {
	b, err := json.Marshal(sendRequest{From: c.from, Email: e})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/send", bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("X-Postbox-Token", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("mailer: send: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return fmt.Errorf("mailer: postbox returned %d: %s", resp.StatusCode, raw)
	}
	return nil
}

// Package sms is the client for the SMS gateway. The gateway has no
// deduplication: every accepted request is delivered as a new message.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/pantryco/fulfilment/internal/platform/httpx"
	"github.com/pantryco/fulfilment/internal/platform/ids"
)

// Client sends text messages.
type Client struct {
	baseURL string
	apiKey  string
	sender  string
	http    *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithSender sets the alphanumeric sender id.
func WithSender(s string) Option { return func(c *Client) { c.sender = s } }

// WithAPIKey sets the gateway API key.
func WithAPIKey(k string) Option { return func(c *Client) { c.apiKey = k } }

// New builds a Client.
func New(baseURL string, opts ...Option) *Client {
	c := &Client{
		baseURL: baseURL,
		sender:  "Pantry",
		http:    &http.Client{Timeout: 5 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Message is a single outbound SMS.
type Message struct {
	To   string `json:"to"`
	From string `json:"from"`
	Body string `json:"body"`
}

// Send delivers one message. It is not retried in-process: the gateway
// would deliver a second copy.
func (c *Client) Send(ctx context.Context, to, body string) error {
	payload, err := json.Marshal(Message{To: to, From: c.sender, Body: body})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/messages", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	// Correlation only; the gateway echoes it in delivery receipts.
	req.Header.Set("X-Request-ID", ids.RequestID())

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("sms send: %w", err)
	}
	defer resp.Body.Close()
	return httpx.CheckResponse(resp)
}

// Package smsgw is the client for the SMS aggregator's REST API.
package smsgw

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Message is one outbound SMS.
type Message struct {
	To        string `json:"to"`
	From      string `json:"from"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
	Validity  int    `json:"validity_minutes,omitempty"`
}

// Receipt is the gateway's acceptance of a message.
type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Sender is what callers depend on.
type Sender interface {
	Send(ctx context.Context, msg Message) (Receipt, error)
}

// Client implements Sender over HTTP.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithSender sets the default alphanumeric sender ID.
func WithSender(from string) Option { return func(c *Client) { c.from = from } }

// New builds a gateway client.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, apiKey: apiKey, from: "Voltway", http: &http.Client{Timeout: 8 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// request builds the POST for msg. The gateway drops a message whose
// client_ref it has accepted within the last 72 hours and answers with the
// original message_id and duplicate=true.
func (c *Client) request(ctx context.Context, msg Message) (*http.Request, error) {
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
	return req, nil
}

// Send submits one message.
func (c *Client) Send(ctx context.Context, msg Message) (Receipt, error) {
	req, err := c.request(ctx, msg)
	if err != nil {
		return Receipt{}, fmt.Errorf("build sms request: %w", err)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return Receipt{}, fmt.Errorf("sms gateway: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return Receipt{}, fmt.Errorf("sms gateway: status %d: %s", resp.StatusCode, string(raw))
	}
	var r Receipt
	if err := json.Unmarshal(raw, &r); err != nil {
		return Receipt{}, fmt.Errorf("decode sms receipt: %w", err)
	}
	return r, nil
}

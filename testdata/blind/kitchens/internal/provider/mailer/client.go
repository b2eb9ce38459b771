// Package mailer is a client for the Postbird transactional email API.
//
// Postbird accepts an optional message_id on each send. When present, a
// second send with the same message_id within 72 hours is accepted but not
// delivered again; without it every call produces a new email.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hearthkit/commissary/internal/provider/retry"
)

// Client sends templated emails through Postbird.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
	policy  retry.Policy
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithRetryPolicy sets the backoff for transient send failures.
func WithRetryPolicy(p retry.Policy) Option { return func(c *Client) { c.policy = p } }

// WithFrom sets the default sender address.
func WithFrom(addr string) Option { return func(c *Client) { c.from = addr } }

// New builds a Client.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		http:    &http.Client{Timeout: 10 * time.Second},
		policy:  retry.DefaultPolicy,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Message is one templated email.
type Message struct {
	// MessageID lets Postbird drop duplicate sends. Optional.
	MessageID string            `json:"message_id,omitempty"`
	From      string            `json:"from"`
	To        string            `json:"to"`
	ToName    string            `json:"to_name,omitempty"`
	Template  string            `json:"template"`
	Vars      map[string]string `json:"vars"`
	Tags      []string          `json:"tags,omitempty"`
}

// SendResult is Postbird's acknowledgement.
type SendResult struct {
	MessageID string `json:"message_id"`
	Queued    bool   `json:"queued"`
	Duplicate bool   `json:"duplicate"`
}

// Send submits a message.
func (c *Client) Send(ctx context.Context, m Message) (*SendResult, error) {
	if m.From == "" {
		m.From = c.from
	}
	body, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return retry.Do(ctx, c.policy, func() (*SendResult, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v3/send", bytes.NewReader(body))
		if err != nil {
			return nil, retry.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if resp.StatusCode >= 300 {
			return nil, retry.Classify(&retry.StatusError{Provider: "postbird", Status: resp.StatusCode, Message: string(raw)})
		}
		var out SendResult
		if err := json.Unmarshal(raw, &out); err != nil {
			return nil, retry.Permanent(fmt.Errorf("mailer: decode: %w", err))
		}
		return &out, nil
	})
}

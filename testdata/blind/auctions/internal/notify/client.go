// Package notify sends transactional email and SMS through the RelayMsg
// provider. RelayMsg honours an Idempotency-Key header on POST /v1/messages:
// a repeated key within 72 hours returns the first message instead of
// sending again.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Channel is the delivery channel.
type Channel string

const (
	Email Channel = "email"
	SMS   Channel = "sms"
)

// Message is one notification.
type Message struct {
	To             string            `json:"to"`
	Channel        Channel           `json:"channel"`
	Template       string            `json:"template"`
	Data           map[string]string `json:"data"`
	IdempotencyKey string            `json:"-"`
}

// Builder assembles a Message.
type Builder struct{ m Message }

// Compose starts a message from a template.
func Compose(template string) *Builder {
	return &Builder{m: Message{Template: template, Channel: Email, Data: map[string]string{}}}
}

// To sets the recipient address or phone number.
func (b *Builder) To(addr string) *Builder { b.m.To = addr; return b }

// Via sets the channel.
func (b *Builder) Via(c Channel) *Builder { b.m.Channel = c; return b }

// With adds a template variable.
func (b *Builder) With(k, v string) *Builder { b.m.Data[k] = v; return b }

// Key sets the provider idempotency key.
func (b *Builder) Key(k string) *Builder { b.m.IdempotencyKey = k; return b }

// Build returns the message.
func (b *Builder) Build() Message { return b.m }

// Sender is implemented by Client and by test doubles.
type Sender interface {
	Send(ctx context.Context, m Message) (string, error)
}

// Client is the RelayMsg HTTP client.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New returns a Client.
func New(baseURL, apiKey string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 10 * time.Second}}
}

type sendResponse struct {
	ID string `json:"id"`
}

// Send delivers a message and returns the provider's message ID.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	body, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(body))
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
		return "", fmt.Errorf("notify: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("notify: send: status %d: %s", resp.StatusCode, raw)
	}
	var out sendResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("notify: decode: %w", err)
	}
	return out.ID, nil
}

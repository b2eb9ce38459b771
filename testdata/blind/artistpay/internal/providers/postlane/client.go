// Package postlane is a client for the Postlane transactional email API.
//
// Postlane accepts an optional idempotency_key in the message body. A
// message sent with a key already used in the last 72 hours is not sent
// again; the original message ID is returned.
package postlane

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/google/wire"

	"github.com/soundledger/artistpay/internal/config"
)

// ProviderSet wires the Postlane client.
var ProviderSet = wire.NewSet(NewFromConfig, wire.Bind(new(Sender), new(*Client)))

// Sender sends one email.
type Sender interface {
	Send(ctx context.Context, msg Message, opts ...SendOption) (*Receipt, error)
}

// Message is an outgoing email.
type Message struct {
	From           string            `json:"from"`
	To             string            `json:"to"`
	Subject        string            `json:"subject"`
	HTML           string            `json:"html_body,omitempty"`
	Text           string            `json:"text_body,omitempty"`
	Tag            string            `json:"tag,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	IdempotencyKey string            `json:"idempotency_key,omitempty"`
	Attachments    []Attachment      `json:"attachments,omitempty"`
}

// Attachment is a base64 file attached to a message.
type Attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	Content     []byte `json:"content"`
}

// Receipt is Postlane's answer to a send.
type Receipt struct {
	MessageID string `json:"message_id"`
	Duplicate bool   `json:"duplicate"`
}

// SendOption adjusts a send.
type SendOption func(*Message)

// WithIdempotencyKey sets the message's idempotency key.
func WithIdempotencyKey(key string) SendOption {
	return func(m *Message) { m.IdempotencyKey = key }
}

// WithTag sets the Postlane tag used for analytics.
func WithTag(tag string) SendOption {
	return func(m *Message) { m.Tag = tag }
}

// Client talks to Postlane.
type Client struct {
	baseURL string
	token   string
	http    *http.Client
}

// NewFromConfig builds a client.
func NewFromConfig(cfg config.Config) *Client {
	return &Client{
		baseURL: strings.TrimRight(cfg.PostlaneBaseURL, "/"),
		token:   cfg.PostlaneAPIKey,
		http:    &http.Client{Timeout: cfg.ProviderTimeout},
	}
}

// Send delivers msg.
func (c *Client) Send(ctx context.Context, msg Message, opts ...SendOption) (*Receipt, error) {
	for _, opt := range opts {
		opt(&msg)
	}
	b, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/email", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Postlane-Server-Token", c.token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("postlane: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("postlane: status %d: %s", resp.StatusCode, raw)
	}
	var out Receipt
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

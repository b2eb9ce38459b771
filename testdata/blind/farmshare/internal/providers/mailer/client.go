// Package mailer is a client for the transactional email API.
//
// The API honours an Idempotency-Key header on POST /messages for 24 hours:
// a repeated key returns the first message's id and sends nothing.
package mailer

import (
	"context"
	"net/http"

	"github.com/harvestloop/farmshare/internal/platform/providerhttp"
)

// Email is one message.
type Email struct {
	From     string            `json:"from"`
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	HTML     string            `json:"html_body,omitempty"`
	Text     string            `json:"text_body,omitempty"`
	Stream   string            `json:"message_stream,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// Sent is the API's answer.
type Sent struct {
	MessageID string `json:"message_id"`
}

type sendConfig struct {
	headers http.Header
	tags    []string
}

// SendOption adjusts one send.
type SendOption func(*sendConfig)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) SendOption {
	return func(c *sendConfig) { c.headers.Set("Idempotency-Key", key) }
}

// WithTag adds a reporting tag.
func WithTag(tag string) SendOption {
	return func(c *sendConfig) { c.tags = append(c.tags, tag) }
}

// Client sends email.
type Client struct {
	api  *providerhttp.Client
	from string
}

// New returns a client that sends from the given address by default.
func New(baseURL, apiKey, from string) *Client {
	return &Client{
		api: providerhttp.New(baseURL, func(r *http.Request) {
			r.Header.Set("X-Server-Token", apiKey)
		}),
		from: from,
	}
}

// Send sends one message.
func (c *Client) Send(ctx context.Context, e Email, opts ...SendOption) (*Sent, error) {
	cfg := sendConfig{headers: http.Header{}}
	for _, o := range opts {
		o(&cfg)
	}
	if e.From == "" {
		e.From = c.from
	}
	if len(cfg.tags) > 0 {
		if e.Metadata == nil {
			e.Metadata = map[string]string{}
		}
		e.Metadata["tag"] = cfg.tags[0]
	}
	var out Sent
	if err := c.api.Do(ctx, http.MethodPost, "/messages", e, &out, cfg.headers); err != nil {
		return nil, err
	}
	return &out, nil
}

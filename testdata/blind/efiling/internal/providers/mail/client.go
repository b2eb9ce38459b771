// Package mail sends transactional e-mail (filing receipts, docket alerts,
// proofs of service) through the Relaymail HTTP API.
//
// Relaymail deduplicates POST /v1/emails on the Idempotency-Key header for 24
// hours: a repeated key returns the original message id and sends nothing.
package mail

import (
	"context"
	"fmt"
	"net/http"

	"github.com/docketly/efile/internal/httpx"
)

// Message is one outbound e-mail.
type Message struct {
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	Text     string            `json:"text"`
	HTML     string            `json:"html,omitempty"`
	ReplyTo  string            `json:"reply_to,omitempty"`
	Tags     map[string]string `json:"tags,omitempty"`
	Template string            `json:"-"`
}

// Result is the provider's acceptance of a message.
type Result struct {
	ID string `json:"id"`
}

// Config configures the client.
type Config struct {
	BaseURL string
	APIKey  string
	From    string
}

// Client talks to Relaymail.
type Client struct {
	hx   *httpx.Client
	from string
}

// New builds a client on top of the shared httpx transport.
func New(cfg Config, doer httpx.Doer) *Client {
	return &Client{
		hx:   httpx.New(cfg.BaseURL, doer, httpx.WithBearer(cfg.APIKey)),
		from: cfg.From,
	}
}

type sendBody struct {
	From string `json:"from"`
	Message
}

// Send submits a message. Callers pass httpx options, typically
// httpx.WithIdempotencyKey, to control deduplication.
func (c *Client) Send(ctx context.Context, msg Message, opts ...httpx.RequestOption) (*Result, error) {
	if msg.Template != "" {
		if msg.Tags == nil {
			msg.Tags = map[string]string{}
		}
		msg.Tags["template"] = msg.Template
	}
	req, err := c.hx.NewRequest(ctx, http.MethodPost, "/v1/emails", sendBody{From: c.from, Message: msg}, opts...)
	if err != nil {
		return nil, err
	}
	var out Result
	if err := c.hx.Send(req, &out); err != nil {
		return nil, fmt.Errorf("mail: send to %s: %w", msg.To, err)
	}
	return &out, nil
}

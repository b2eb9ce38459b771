// Package email is the client for Postwire's transactional e-mail API.
//
// Postwire honours an Idempotency-Key header: a second request with a key
// it has seen in the last 24 hours returns the original message instead of
// sending again. The key is forwarded from app.Mail.IdempotencyKey and kept
// the same across this client's own retries.
package email

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/platform/httpx"
	"github.com/quillsign/esign/internal/platform/retry"
)

// Config configures a Client.
type Config struct {
	BaseURL string
	APIKey  string
	From    string
}

// Client sends e-mail through Postwire.
type Client struct {
	cfg    Config
	http   httpx.Doer
	policy retry.Policy
}

var _ app.Mailer = (*Client)(nil)

// Option customises a Client.
type Option func(*Client)

// WithRetryPolicy overrides the retry policy for transient failures.
func WithRetryPolicy(p retry.Policy) Option { return func(c *Client) { c.policy = p } }

// WithDoer overrides the HTTP client.
func WithDoer(d httpx.Doer) Option { return func(c *Client) { c.http = d } }

// New returns a Client.
func New(cfg Config, opts ...Option) *Client {
	c := &Client{cfg: cfg, http: httpx.NewClient(15 * time.Second), policy: retry.Default}
	for _, o := range opts {
		o(c)
	}
	return c
}

type sendRequest struct {
	From     string            `json:"from"`
	To       []string          `json:"to"`
	ReplyTo  string            `json:"reply_to,omitempty"`
	Subject  string            `json:"subject"`
	Text     string            `json:"text,omitempty"`
	HTML     string            `json:"html,omitempty"`
	Tag      string            `json:"tag,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

type sendResponse struct {
	ID string `json:"id"`
}

// Send sends one message and returns Postwire's message id.
func (c *Client) Send(ctx context.Context, m app.Mail) (string, error) {
	body := sendRequest{
		From:     c.cfg.From,
		To:       []string{m.To},
		ReplyTo:  m.ReplyTo,
		Subject:  m.Subject,
		Text:     m.Text,
		HTML:     m.HTML,
		Tag:      m.Tag,
		Metadata: m.Metadata,
	}
	var out sendResponse
	err := retry.Do(ctx, c.policy, func(ctx context.Context) error {
		req, err := httpx.JSONRequest(ctx, http.MethodPost, c.cfg.BaseURL+"/v1/messages", body)
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
		if m.IdempotencyKey != "" {
			req.Header.Set("Idempotency-Key", m.IdempotencyKey)
		}
		return httpx.Send(c.http, req, &out)
	})
	if err != nil {
		return "", fmt.Errorf("postwire send: %w", err)
	}
	return out.ID, nil
}

// Package mailer sends transactional e-mail (invoices, receipts) through
// the e-mail provider. The provider collapses sends that carry the same
// Idempotency-Key within 24 hours.
package mailer

import (
	"context"
	"net/http"
	"time"

	"github.com/harbourline-systems/pilotage/internal/config"
	"github.com/harbourline-systems/pilotage/internal/httpx"
)

type Email struct {
	From     string            `json:"from"`
	To       []string          `json:"to"`
	Template string            `json:"template"`
	Subject  string            `json:"subject"`
	Data     map[string]string `json:"data"`
}

type SendResult struct {
	ID string `json:"id"`
}

type Option func(http.Header)

// WithIdempotencyKey makes the provider treat sends with the same key as one.
func WithIdempotencyKey(key string) Option {
	return func(h http.Header) { h.Set("Idempotency-Key", key) }
}

type Client struct {
	http   httpx.Doer
	url    string
	apiKey string
	from   string
}

func NewClient(cfg config.Config) *Client {
	return &Client{
		http:   &http.Client{Timeout: 20 * time.Second},
		url:    cfg.Mailer.BaseURL + "/v3/mail/send",
		apiKey: cfg.Mailer.APIKey,
		from:   cfg.Mailer.FromEmail,
	}
}

func (c *Client) Send(ctx context.Context, e Email, opts ...Option) (SendResult, error) {
	if e.From == "" {
		e.From = c.from
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	for _, o := range opts {
		o(h)
	}
	var out SendResult
	err := httpx.PostJSON(ctx, c.http, c.url, h, e, &out)
	return out, err
}

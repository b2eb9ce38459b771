// Package mail sends e-mail through a provider that drops a repeat of
// a key it has seen.
package mail

import (
	"context"
	"net/http"
)

// Sender sends one message.
type Sender interface {
	Send(ctx context.Context, to string, opts ...Option) error
}

type options struct{ key string }

// Option sets up one Send.
type Option func(*options)

// WithKey makes the provider accept the message once per key.
func WithKey(key string) Option { return func(o *options) { o.key = key } }

// Client is the provider's API.
type Client struct{ HTTP *http.Client }

// Send posts the message, keyed when an option gives a key.
func (c *Client) Send(ctx context.Context, to string, opts ...Option) error {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example/messages", nil)
	if err != nil {
		return err
	}
	if o.key != "" {
		req.Header.Set("Idempotency-Key", o.key)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

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
	SendNote(ctx context.Context, n Note) error
}

// A Note is a short message, keyed when WithKey gives it a key.
type Note struct{ to, key string }

// NewNote makes a note to to, without a key.
func NewNote(to string) Note { return Note{to: to} }

// WithKey returns the note with key k.
func (n Note) WithKey(k string) Note {
	n.key = k
	return n
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

// SendNote posts the note, keyed when it has a key.
func (c *Client) SendNote(ctx context.Context, n Note) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example/notes", nil)
	if err != nil {
		return err
	}
	if n.key != "" {
		req.Header.Set("Idempotency-Key", n.key)
	}
	resp, err := c.HTTP.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Receipt\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Package xmsg sends text messages, each keyed by what an option of its
// constructor sets.
package xmsg

import (
	"context"
	"net/http"
)

// A Message is one text to send.
type Message struct {
	To, Body, Key string
}

// An Option sets up a message.
type Option func(*Message)

// WithKey makes the provider send the message once per key.
func WithKey(k string) Option { return func(m *Message) { m.Key = k } }

// New makes a message, with its options applied.
func New(to, body string, opts ...Option) Message {
	m := Message{To: to, Body: body}
	for _, o := range opts {
		o(&m)
	}
	return m
}

// Client sends messages.
type Client struct{ HTTP *http.Client }

// Send sends m, keyed by its key when it has one.
func (c *Client) Send(ctx context.Context, m Message) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://sms.example/messages", nil)
	if err != nil {
		return err
	}
	if m.Key != "" {
		req.Header.Set("Idempotency-Key", m.Key)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Package texts is the SMS provider's client, built on the program's
// shared request maker and sender alone. The provider drops a repeated
// message by its client_reference.
package texts

import (
	"context"
	"net/http"

	"example.com/wiredprev/mailx"
	"example.com/wiredprev/retryx"
)

// Message is one text; Reference, when set, is its client_reference.
type Message struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	Reference string `json:"client_reference,omitempty"`
}

// Client sends texts.
type Client struct {
	Base string
	HTTP *http.Client
}

// Send sends m, again while the provider fails: the operation the
// retry wrapper runs sends the message it captures.
func (c *Client) Send(ctx context.Context, m Message) error {
	return retryx.Do(ctx, func() error {
		req, err := mailx.NewJSON(ctx, http.MethodPost, c.Base+"/texts", m)
		if err != nil {
			return err
		}
		return mailx.SendWith(c.HTTP, req) // want `a retry repeats the HTTP POST: the input sets no client_reference \(HTTP handler Handler.Text\)`
	})
}

// Batch is a batch of texts; RequestID, when set, is the one the
// provider drops a repeated batch by.
type Batch struct {
	RequestID string   `json:"request_id,omitempty"`
	To        []string `json:"to"`
	Body      string   `json:"body"`
}

// SendBatch sends b, again while the provider fails.
func (c *Client) SendBatch(ctx context.Context, b Batch) error {
	return retryx.Do(ctx, func() error {
		req, err := mailx.NewJSON(ctx, http.MethodPost, c.Base+"/batches", b)
		if err != nil {
			return err
		}
		return mailx.SendWith(c.HTTP, req) // want `a retry repeats the HTTP POST: the input sets no request_id \(HTTP handler Handler.Broadcast\)`
	})
}

// Greet sends m as a greeting.
func (c *Client) Greet(ctx context.Context, m Message) error {
	req, err := mailx.NewJSON(ctx, http.MethodPost, c.Base+"/greetings", m)
	if err != nil {
		return err
	}
	return mailx.SendWith(c.HTTP, req) // want `a retry repeats the HTTP POST: the input sets no client_reference \(HTTP handler Handler.TextBuilt\)`
}

// Option changes a message before it is sent.
type Option func(*Message)

// WithReference sets the message's client_reference.
func WithReference(ref string) Option {
	return func(m *Message) { m.Reference = ref }
}

// GreetWith sends m as a greeting, changed by opts.
func (c *Client) GreetWith(ctx context.Context, m Message, opts ...Option) error {
	for _, o := range opts {
		o(&m)
	}
	req, err := mailx.NewJSON(ctx, http.MethodPost, c.Base+"/greetings", m)
	if err != nil {
		return err
	}
	return mailx.SendWith(c.HTTP, req)
}

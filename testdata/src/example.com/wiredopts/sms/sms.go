// Package sms is a message gateway's client: it drops a repeated send
// by the body's client_reference.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"example.com/wiredopts/retry"
)

// A Message is one text.
type Message struct {
	To              string `json:"to"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference,omitempty"`
}

// API sends texts.
type API interface {
	SendMessage(ctx context.Context, m Message) (string, error)
}

// Client is the gateway's API.
type Client struct{ Base string }

// SendMessage posts the message.
func (c *Client) SendMessage(ctx context.Context, m Message) (string, error) {
	if m.Body == "" {
		m.Body = "(empty)"
	}
	var out struct{ ID string }
	err := c.post(ctx, "/messages", m, &out)
	return out.ID, err
}

// A Call is a voice call, which the gateway does not dedup.
type Call struct {
	To   string `json:"to"`
	Text string `json:"text"`
}

// CallOption adjusts one call.
type CallOption func(*callOptions)

type callOptions struct{ key string }

// WithKey sets the Idempotency-Key the gateway drops a repeated call by.
func WithKey(k string) CallOption { return func(o *callOptions) { o.key = k } }

// PlaceCall places a call, again while it fails, under the key the
// options set.
func (c *Client) PlaceCall(ctx context.Context, call Call, opts ...CallOption) error {
	return c.dial(ctx, call, opts) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler Reminders.Ring\)`
}

func (c *Client) dial(ctx context.Context, call Call, opts []CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	b, err := json.Marshal(call)
	if err != nil {
		return err
	}
	return retry.Go(ctx, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/calls", bytes.NewReader(b))
		if err != nil {
			return err
		}
		if o.key != "" {
			req.Header.Set("Idempotency-Key", o.key)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A Broadcast is a text to every subscriber, which the gateway does
// not dedup.
type Broadcast struct {
	Text string `json:"text"`
}

// Broadcast sends b.
func (c *Client) Broadcast(ctx context.Context, b Broadcast) error {
	return c.post(ctx, "/broadcasts", b, nil)
}

// post sends in as the body of a POST to path.
func (c *Client) post(ctx context.Context, path string, in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Retrying sends through Next, again while it fails.
type Retrying struct{ Next API }

// SendMessage sends m through Next.
func (r *Retrying) SendMessage(ctx context.Context, m Message) (string, error) {
	var id string
	err := retry.Go(ctx, func(ctx context.Context) error {
		var err error
		id, err = r.Next.SendMessage(ctx, m)
		return err
	})
	return id, err
}

// Package crm is the CRM's client: options adjust each request.
package crm

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"example.com/wiredretry/retry"
)

// Option adjusts one request.
type Option func(*http.Request)

// IdempotencyKey sets the CRM's Idempotency-Key header.
func IdempotencyKey(k string) Option {
	return func(r *http.Request) { r.Header.Set("Idempotency-Key", k) }
}

// WithTrace sets a trace header, which the CRM only logs.
func WithTrace(id string) Option {
	return func(r *http.Request) { r.Header.Set("X-Trace-Id", id) }
}

// An Activity is a donor's gift.
type Activity struct {
	Donor  string `json:"donor"`
	Amount int64  `json:"amount"`
}

// Client is the CRM's API.
type Client interface {
	CreateActivity(ctx context.Context, a Activity, opts ...Option) (string, error)
	CreateNote(ctx context.Context, a Activity, opts ...Option) error
	CreateTask(ctx context.Context, a Activity, opts ...Option) error
	SendSMS(ctx context.Context, m SMS) error
}

// An SMS is dropped as a repeat by its client message ID.
type SMS struct {
	ClientMessageID string `json:"client_message_id"`
	To              string `json:"to"`
}

type client struct {
	base string
	http *http.Client
}

// New makes a client.
func New(base string) Client { return &client{base: base, http: http.DefaultClient} }

func (c *client) CreateActivity(ctx context.Context, a Activity, opts ...Option) (string, error) {
	return "", c.call(ctx, http.MethodPost, "/activities", a, opts) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Service.Record\)`
}

func (c *client) CreateNote(ctx context.Context, a Activity, opts ...Option) error {
	return c.call(ctx, http.MethodPost, "/notes", a, opts)
}

func (c *client) CreateTask(ctx context.Context, a Activity, opts ...Option) error {
	return c.call(ctx, http.MethodPost, "/tasks", a, opts) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Service.RecordTraced\)`
}

// SendSMS encodes the message once and sends it in each attempt.
func (c *client) SendSMS(ctx context.Context, m SMS) error {
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = retry.Do(ctx, func() (struct{}, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/sms", bytes.NewReader(body))
		if err != nil {
			return struct{}{}, err
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return struct{}{}, err
		}
		return struct{}{}, resp.Body.Close()
	})
	return err
}

func (c *client) call(ctx context.Context, method, path string, in any, opts []Option) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	for _, o := range opts {
		o(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

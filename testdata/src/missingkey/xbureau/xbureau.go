// Package xbureau is a bureau's client: a report request carries the
// key only when its caller passes the option that sets it.
package xbureau

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/avast/retry-go/v4"

	"missingkey/xretry"
)

// CallOption configures one call of the bureau's API.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	callbackURL    string
}

// WithIdempotencyKey makes the bureau answer a repeated request with the
// first one's report.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithCallback asks for the decision at url.
func WithCallback(url string) CallOption {
	return func(o *callOptions) { o.callbackURL = url }
}

// Client keys a request only when the caller passes the option.
type Client struct {
	base string
	hc   *http.Client
}

func (c *Client) RequestReport(ctx context.Context, body []byte, opts ...CallOption) error {
	var co callOptions
	for _, o := range opts {
		o(&co)
	}
	return retry.Do(func() error {
		return c.post(ctx, "/reports", body, co.idempotencyKey)
	}, retry.Context(ctx))
}

func (c *Client) post(ctx context.Context, path string, body []byte, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// New returns a client of the bureau at base.
func New(base string) *Client { return &Client{base: base, hc: http.DefaultClient} }

// Partner's requests carry no key header: a body's field keys them or
// nothing does.
type Partner struct {
	base string
	hc   *http.Client
}

func (p *Partner) post(ctx context.Context, path string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Booking is the body of a workshop booking, which the partner
// deduplicates on its external reference.
type Booking struct {
	ExternalRef string `json:"external_ref"`
	VIN         string `json:"vin"`
}

// Negative: each attempt the wrapper makes sends the same body, which
// carries the booking's external reference.
func (p *Partner) Book(ctx context.Context, b Booking) error {
	body, err := json.Marshal(b)
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		return p.post(ctx, "/bookings", body)
	}, retry.Context(ctx))
}

// Transfer sets the key from the options itself.
func (c *Client) Transfer(ctx context.Context, body []byte, opts ...CallOption) error {
	var co callOptions
	for _, o := range opts {
		o(&co)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/transfers", bytes.NewReader(body))
	if err != nil {
		return err
	}
	if co.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", co.idempotencyKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Open opens an account: its helper applies the options, to a struct
// made as a composite literal.
func (c *Client) Open(ctx context.Context, body []byte, opts ...CallOption) error {
	return c.send(ctx, "/accounts", body, opts)
}

func (c *Client) send(ctx context.Context, path string, body []byte, opts []CallOption) error {
	co := callOptions{}
	for _, o := range opts {
		o(&co)
	}
	if co.callbackURL == "" {
		co.callbackURL = c.base + "/cb"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("X-Callback", co.callbackURL)
	if co.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", co.idempotencyKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Notifier encodes what its callers give it and sends it, retrying
// failures with the same bytes.
type Notifier struct {
	base string
	hc   *http.Client
}

// SMS is a text, which the gateway deduplicates on its client reference.
type SMS struct {
	To              string `json:"to"`
	ClientReference string `json:"client_reference"`
}

// Negative: every caller's body carries the client reference.
func (n *Notifier) SendSMS(ctx context.Context, s SMS) error {
	return n.post(ctx, "/sms", s)
}

func (n *Notifier) post(ctx context.Context, path string, in any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, n.base+path, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := n.hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx))
}

// Bank's helper is given the method and the options, and makes and
// sends the request in the operation it hands the program's retry
// wrapper.
type Bank struct {
	base string
	hc   *http.Client
}

// NewBank returns a client of the bank at base.
func NewBank(base string) *Bank { return &Bank{base: base, hc: http.DefaultClient} }

// BookConversion books a currency conversion.
func (c *Bank) BookConversion(ctx context.Context, body []byte, opts ...CallOption) error {
	return c.do(ctx, http.MethodPost, "/conversions", body, opts)
}

// Rates reads the rates.
func (c *Bank) Rates(ctx context.Context, opts ...CallOption) error {
	return c.do(ctx, http.MethodGet, "/rates", nil, opts)
}

func (c *Bank) do(ctx context.Context, method, path string, body []byte, opts []CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	return xretry.Do(ctx, func() error {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
		if err != nil {
			return err
		}
		if o.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", o.idempotencyKey)
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

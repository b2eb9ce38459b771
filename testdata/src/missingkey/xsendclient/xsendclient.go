// Package xsendclient is a provider's client: its calls take options,
// one of which sets the key its header map carries.
package xsendclient

import (
	"context"
	"net/http"

	"missingkey/xsend"
)

type callOptions struct{ key string }

// Option sets up one call.
type Option func(*callOptions)

// WithKey makes the provider run the call once per key.
func WithKey(k string) Option { return func(o *callOptions) { o.key = k } }

// Client calls the provider.
type Client struct{ HTTP *http.Client }

func (c *Client) headers(opts []Option) http.Header {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer t")
	if o.key != "" {
		h.Set("Idempotency-Key", o.key)
	}
	return h
}

// Transfer moves money, keyed when an option gives a key.
func (c *Client) Transfer(ctx context.Context, opts ...Option) error {
	return xsend.DoRetried(ctx, c.HTTP, xsend.Request{Method: http.MethodPost, URL: "https://bank.example/v1/transfers", Header: c.headers(opts)})
}

type refundOptions struct {
	key  string
	memo string
}

// RefundOption sets up one refund.
type RefundOption func(*refundOptions)

// RefundKey makes the provider refund once per key.
func RefundKey(k string) RefundOption { return func(o *refundOptions) { o.key = k } }

func collect(opts []RefundOption) refundOptions {
	var o refundOptions
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

func (o refundOptions) headers() map[string]string {
	h := map[string]string{}
	if o.key != "" {
		h["Idempotency-Key"] = o.key
	}
	return h
}

// Refunds calls the provider's refunds through its client.
type Refunds struct{ API *xsend.Client }

// Refund returns money, keyed when an option gives a key.
func (r *Refunds) Refund(ctx context.Context, opts ...RefundOption) error {
	o := collect(opts)
	if o.memo == "" {
		o.memo = "refund"
	}
	return r.API.Send(ctx, xsend.Call{Method: http.MethodPost, Path: "/v1/refunds", Headers: o.headers()})
}

// A HeaderOption sets a header of one payout's request.
type HeaderOption func(http.Header)

// PayoutKey makes the provider pay out once per key.
func PayoutKey(k string) HeaderOption {
	return func(h http.Header) { h.Set("Idempotency-Key", k) }
}

// PayoutTrace names the trace the payout belongs to.
func PayoutTrace(id string) HeaderOption {
	return func(h http.Header) { h.Set("X-Trace-Id", id) }
}

// Payouts pays out, keyed when a header option gives a key.
type Payouts struct{ HTTP *http.Client }

func (p *Payouts) headers(opts []HeaderOption) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer t")
	for _, o := range opts {
		o(h)
	}
	return h
}

// Pay sends one payout.
func (p *Payouts) Pay(ctx context.Context, opts ...HeaderOption) error {
	return xsend.Do(ctx, p.HTTP, xsend.Request{Method: http.MethodPost, URL: "https://bank.example/v1/payouts", Header: p.headers(opts)})
}

func (p *Payouts) auth() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer t")
	return h
}

// PayKeyed sends a payout under key, set on the map auth makes.
func (p *Payouts) PayKeyed(ctx context.Context, key string) error {
	h := p.auth()
	h.Set("Idempotency-Key", key)
	return xsend.Do(ctx, p.HTTP, xsend.Request{Method: http.MethodPost, URL: "https://bank.example/v1/payouts", Header: h})
}

// PayTraced sends a payout with a trace header on that map, and no key.
func (p *Payouts) PayTraced(ctx context.Context, trace string) error {
	h := p.auth()
	h.Set("X-Trace-Id", trace)
	return xsend.Do(ctx, p.HTTP, xsend.Request{Method: http.MethodPost, URL: "https://bank.example/v1/payouts", Header: h})
}

// A CaptureRequest is one capture; the provider runs it once per key.
type CaptureRequest struct {
	Amount         int64  `json:"amount"`
	IdempotencyKey string `json:"-"`
}

// keyHeaders is the key header for a key, or no headers for none.
func keyHeaders(key string) map[string]string {
	if key == "" {
		return nil
	}
	return map[string]string{"Idempotency-Key": key}
}

// Captures captures payments through the provider's client.
type Captures struct{ API *xsend.Client }

// Capture sends one capture, keyed when the request has a key.
func (c *Captures) Capture(ctx context.Context, req CaptureRequest) error {
	return c.API.Send(ctx, xsend.Call{Method: http.MethodPost, Path: "/v1/captures", Headers: keyHeaders(req.IdempotencyKey)})
}

// A JobRequest is a print job; the print shop runs one job per
// client_reference.
type JobRequest struct {
	Product         string `json:"product"`
	ClientReference string `json:"client_reference,omitempty"`
}

// Jobs submits print jobs.
type Jobs struct{ HTTP *http.Client }

// Submit sends the job as it is given, with no headers.
func (j *Jobs) Submit(ctx context.Context, job JobRequest) error {
	return xsend.Post(ctx, j.HTTP, xsend.Request{Method: http.MethodPost, URL: "https://print.example/jobs", Body: job})
}

// Wires calls the bank's wire API; its calls take the options of
// the transport, which it hands on.
type Wires struct{ HTTP *http.Client }

// WireKey makes the bank wire once per key.
func WireKey(k string) xsend.RequestOption { return xsend.WithHeader("Idempotency-Key", k) }

// Create sends a wire.
func (p *Wires) Create(ctx context.Context, opts ...xsend.RequestOption) error {
	return xsend.Send(ctx, p.HTTP, http.MethodPost, "https://bank.example/v1/wires", opts...)
}

// Texts sends text messages; the gateway drops a repeat by client_ref.
type Texts struct{ HTTP *http.Client }

// Text is one message.
type Text struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
}

type textRequest struct {
	From string `json:"from"`
	Text
}

// Send sends the caller's message inside the request it makes.
func (t *Texts) Send(ctx context.Context, msg Text) error {
	return xsend.Post(ctx, t.HTTP, xsend.Request{Method: http.MethodPost, URL: "https://sms.example/v1/messages", Body: textRequest{From: "fleet", Text: msg}})
}

// Package xsend sends the requests its callers describe: the method,
// the address and the headers are theirs.
package xsend

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Request describes one request.
type Request struct {
	Method string
	URL    string
	Header http.Header
	Body   any
}

// Do builds the request, copies the caller's headers onto it and sends
// it.
func Do(ctx context.Context, c *http.Client, r Request) error {
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, nil)
	if err != nil {
		return err
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DoRetried builds and sends the request in the operation it retries.
func DoRetried(ctx context.Context, c *http.Client, r Request) error {
	op := func() error {
		req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, nil)
		if err != nil {
			return err
		}
		for k, vs := range r.Header {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// DoAttempts sends the request up to three times, each attempt built
// and sent by once.
func DoAttempts(ctx context.Context, c *http.Client, r Request) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = once(ctx, c, r); err == nil {
			return nil
		}
	}
	return err
}

func once(ctx context.Context, c *http.Client, r Request) error {
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, nil)
	if err != nil {
		return err
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Post sends the request with its body encoded as JSON.
func Post(ctx context.Context, c *http.Client, r Request) error {
	b, err := json.Marshal(r.Body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, bytes.NewReader(b))
	if err != nil {
		return err
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Doer is what a Client sends with: an *http.Client, or a test's double.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Call describes one request to a Client's provider, by its path.
type Call struct {
	Method  string
	Path    string
	Headers map[string]string
}

// Client sends Calls to one provider.
type Client struct {
	base string
	doer Doer
}

// NewClient makes a Client of the provider at base.
func NewClient(base string) *Client { return &Client{base: base, doer: http.DefaultClient} }

// Send sends a call at the client's address joined with its path.
func (c *Client) Send(ctx context.Context, r Call) error {
	req, err := http.NewRequestWithContext(ctx, r.Method, c.base+r.Path, nil)
	if err != nil {
		return err
	}
	for k, v := range r.Headers {
		if v != "" {
			req.Header.Set(k, v)
		}
	}
	resp, err := c.doer.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Keyed describes a request whose key the client puts in its header.
type Keyed struct {
	Method, Path, Key string
}

// SendKeyed sends a request with the key its caller gives, when there
// is one.
func (c *Client) SendKeyed(ctx context.Context, r Keyed) error {
	req, err := http.NewRequestWithContext(ctx, r.Method, c.base+r.Path, nil)
	if err != nil {
		return err
	}
	if r.Key != "" {
		req.Header.Set("Idempotency-Key", r.Key)
	}
	resp, err := c.doer.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Plain describes a request with no headers at all.
type Plain struct {
	Method, Path string
}

// SendPlain sends a request as its caller describes it.
func (c *Client) SendPlain(ctx context.Context, r Plain) error {
	req, err := http.NewRequestWithContext(ctx, r.Method, c.base+r.Path, nil)
	if err != nil {
		return err
	}
	resp, err := c.doer.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RequestOption adjusts one outgoing request.
type RequestOption func(*http.Request)

// WithHeader sets a header on the request.
func WithHeader(name, value string) RequestOption {
	return func(r *http.Request) { r.Header.Set(name, value) }
}

// Send sends a request without a body, with the options the caller
// gives applied to it.
func Send(ctx context.Context, c *http.Client, method, url string, opts ...RequestOption) error {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	for _, o := range opts {
		o(req)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

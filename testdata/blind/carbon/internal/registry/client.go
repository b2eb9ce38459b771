// Package registry is the client for the external registry partner API,
// which holds the authoritative serial numbers and public retirement records.
package registry

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/terravault/carbonreg/internal/retryx"
)

// Client talks to the registry partner.
type Client struct {
	base    *url.URL
	apiKey  string
	account string
	http    *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// New returns a client for the partner API at baseURL.
func New(baseURL, apiKey, account string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("registry: base url: %w", err)
	}
	c := &Client{base: u, apiKey: apiKey, account: account, http: &http.Client{Timeout: 20 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// APIError is a non-2xx answer from the partner.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("registry: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Request is a fully described partner call, produced by a Builder.
type Request struct {
	Method  string
	Path    string
	Query   url.Values
	Body    any
	Headers http.Header
}

// Builder accumulates the pieces of a partner request.
type Builder struct {
	c   *Client
	req Request
}

func (c *Client) newBuilder(method, path string) *Builder {
	return &Builder{c: c, req: Request{Method: method, Path: path, Query: url.Values{}, Headers: http.Header{}}}
}

// JSON sets the request body.
func (b *Builder) JSON(body any) *Builder { b.req.Body = body; return b }

// Param adds a query parameter.
func (b *Builder) Param(k, v string) *Builder { b.req.Query.Add(k, v); return b }

// Header sets a request header.
func (b *Builder) Header(k, v string) *Builder { b.req.Headers.Set(k, v); return b }

// IdempotencyKey sets the key the partner uses to collapse repeated writes
// (retirements and transfers; kept for seven days).
func (b *Builder) IdempotencyKey(key string) *Builder {
	return b.Header("Idempotency-Key", key)
}

// Build returns the described request.
func (b *Builder) Build() Request { return b.req }

// Send builds the request and executes it, decoding the answer into out.
func (b *Builder) Send(ctx context.Context, out any) error {
	return b.c.Do(ctx, b.Build(), out)
}

// Do executes req once and decodes a 2xx JSON answer into out.
func (c *Client) Do(ctx context.Context, req Request, out any) error {
	u := *c.base
	u.Path = u.Path + req.Path
	u.RawQuery = req.Query.Encode()

	var body io.Reader
	if req.Body != nil {
		buf, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("registry: encode: %w", err)
		}
		body = bytes.NewReader(buf)
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, u.String(), body)
	if err != nil {
		return err
	}
	for k, vs := range req.Headers {
		for _, v := range vs {
			hr.Header.Add(k, v)
		}
	}
	hr.Header.Set("Authorization", "Bearer "+c.apiKey)
	hr.Header.Set("X-Registry-Account", c.account)
	hr.Header.Set("Accept", "application/json")
	if req.Body != nil {
		hr.Header.Set("Content-Type", "application/json")
	}

	resp, err := c.http.Do(hr)
	if err != nil {
		return retryx.Transient{Err: fmt.Errorf("registry: %s %s: %w", req.Method, req.Path, err)}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return retryx.Transient{Err: err}
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			return retryx.Transient{Err: apiErr}
		}
		return apiErr
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("registry: decode: %w", err)
	}
	return nil
}

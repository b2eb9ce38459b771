// Package httpjson is the small JSON-over-HTTP core shared by the provider
// clients. It does not retry; callers wrap calls in internal/retry where a
// repeat is appropriate.
package httpjson

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// StatusError is a non-2xx response.
type StatusError struct {
	Provider string
	Method   string
	Path     string
	Status   int
	Body     string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s %s: HTTP %d: %s", e.Provider, e.Method, e.Path, e.Status, e.Body)
}

// Retryable: 408, 429 and 5xx are worth repeating.
func (e *StatusError) Retryable() bool {
	return e.Status == http.StatusRequestTimeout ||
		e.Status == http.StatusTooManyRequests ||
		e.Status >= 500
}

// TransportError wraps network failures, which are always retryable.
type TransportError struct {
	Provider string
	Err      error
}

func (e *TransportError) Error() string   { return e.Provider + ": " + e.Err.Error() }
func (e *TransportError) Unwrap() error   { return e.Err }
func (e *TransportError) Retryable() bool { return true }

// Client issues JSON requests against one provider.
type Client struct {
	name    string
	baseURL string
	http    *http.Client
	auth    func(*http.Request)
}

type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithAuth installs a function that decorates every request with credentials.
func WithAuth(fn func(*http.Request)) Option { return func(c *Client) { c.auth = fn } }

func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.http = &http.Client{Timeout: d} }
}

func New(name, baseURL string, opts ...Option) *Client {
	c := &Client{
		name:    name,
		baseURL: baseURL,
		http:    &http.Client{Timeout: 15 * time.Second},
		auth:    func(*http.Request) {},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Do sends in as JSON (if non-nil) and decodes a 2xx body into out (if
// non-nil). The returned status is set on success and on StatusError.
func (c *Client) Do(ctx context.Context, method, path string, header http.Header, in, out any) (int, error) {
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return 0, fmt.Errorf("%s: marshal request: %w", c.name, err)
		}
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return 0, fmt.Errorf("%s: build request: %w", c.name, err)
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	c.auth(req)

	resp, err := c.http.Do(req)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return 0, fmt.Errorf("%s: %w", c.name, ctxErr)
		}
		return 0, &TransportError{Provider: c.name, Err: err}
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
		return resp.StatusCode, &StatusError{
			Provider: c.name,
			Method:   method,
			Path:     path,
			Status:   resp.StatusCode,
			Body:     string(snippet),
		}
	}
	if out != nil && resp.StatusCode != http.StatusNoContent {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s: decode response: %w", c.name, err)
		}
	}
	return resp.StatusCode, nil
}

// Bearer returns an auth function that sets a bearer token.
func Bearer(token string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

// HeaderKey returns an auth function that sets an API key header.
func HeaderKey(name, value string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set(name, value) }
}

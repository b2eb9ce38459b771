// Package httpreq is the small request helper shared by every outbound
// provider client. A client describes each call as a Request value and the
// helper takes care of encoding, headers, status handling and decoding.
package httpreq

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Request is a provider call described as data.
type Request struct {
	Method  string
	Path    string
	Headers map[string]string
	Body    any
}

// Doer is satisfied by *http.Client and by test doubles.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Client sends Requests against one provider base URL.
type Client struct {
	baseURL   string
	doer      Doer
	auth      func(http.Header)
	userAgent string
	maxBody   int64
}

// Option configures a Client.
type Option func(*Client)

// WithDoer overrides the underlying transport.
func WithDoer(d Doer) Option { return func(c *Client) { c.doer = d } }

// WithAuth installs a function that decorates every request's headers with
// credentials.
func WithAuth(fn func(http.Header)) Option { return func(c *Client) { c.auth = fn } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// WithTimeout sets the timeout of the default http.Client.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.doer = &http.Client{Timeout: d} }
}

// New builds a Client for baseURL.
func New(baseURL string, opts ...Option) *Client {
	c := &Client{
		baseURL:   strings.TrimRight(baseURL, "/"),
		doer:      &http.Client{Timeout: 15 * time.Second},
		userAgent: "ridepay/1.0",
		maxBody:   1 << 20,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// StatusError is returned for any non-2xx response.
type StatusError struct {
	Method     string
	Path       string
	StatusCode int
	Body       string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: unexpected status %d: %s", e.Method, e.Path, e.StatusCode, e.Body)
}

// StatusOf returns the HTTP status carried by err, or 0.
func StatusOf(err error) int {
	var se *StatusError
	if errors.As(err, &se) {
		return se.StatusCode
	}
	return 0
}

// Do sends r and decodes a JSON response into out (which may be nil).
func (c *Client) Do(ctx context.Context, r Request, out any) error {
	var body io.Reader
	if r.Body != nil {
		buf, err := json.Marshal(r.Body)
		if err != nil {
			return fmt.Errorf("httpreq: encode %s %s: %w", r.Method, r.Path, err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, c.baseURL+r.Path, body)
	if err != nil {
		return fmt.Errorf("httpreq: build %s %s: %w", r.Method, r.Path, err)
	}
	req.Header.Set("Accept", "application/json")
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.userAgent != "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	if c.auth != nil {
		c.auth(req.Header)
	}
	for k, v := range r.Headers {
		if v != "" {
			req.Header.Set(k, v)
		}
	}

	resp, err := c.doer.Do(req)
	if err != nil {
		return fmt.Errorf("httpreq: %s %s: %w", r.Method, r.Path, err)
	}
	defer resp.Body.Close()

	raw, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody))
	if err != nil {
		return fmt.Errorf("httpreq: read %s %s: %w", r.Method, r.Path, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{Method: r.Method, Path: r.Path, StatusCode: resp.StatusCode, Body: truncate(string(raw), 512)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("httpreq: decode %s %s: %w", r.Method, r.Path, err)
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

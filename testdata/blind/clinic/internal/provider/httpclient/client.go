// Package httpclient is the shared JSON-over-HTTP client used by the
// hand-written provider integrations.
package httpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client performs JSON requests against a single provider base URL.
type Client struct {
	base    *url.URL
	http    *http.Client
	headers http.Header
}

// New builds a client. defaults are applied to every request.
func New(baseURL string, timeout time.Duration, defaults ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("httpclient: bad base url: %w", err)
	}
	c := &Client{base: u, http: &http.Client{Timeout: timeout}, headers: http.Header{}}
	r := &request{headers: c.headers}
	for _, o := range defaults {
		o(r)
	}
	return c, nil
}

type request struct {
	body    any
	headers http.Header
	query   url.Values
}

// Option customises a single request.
type Option func(*request)

func WithJSONBody(v any) Option { return func(r *request) { r.body = v } }

func WithHeader(key, value string) Option {
	return func(r *request) { r.headers.Set(key, value) }
}

func WithBearer(token string) Option { return WithHeader("Authorization", "Bearer "+token) }

// WithIdempotencyKey sets the Idempotency-Key header honoured by providers that
// de-duplicate writes.
func WithIdempotencyKey(key string) Option {
	return func(r *request) {
		if key != "" {
			r.headers.Set("Idempotency-Key", key)
		}
	}
}

func WithQuery(key, value string) Option {
	return func(r *request) {
		if r.query == nil {
			r.query = url.Values{}
		}
		r.query.Set(key, value)
	}
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string { return fmt.Sprintf("provider returned %d: %s", e.Code, e.Body) }

// IsRetryable reports whether err is worth retrying (network errors, 429, 5xx).
func IsRetryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code == http.StatusTooManyRequests || se.Code >= 500
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF)
}

// Do sends method path with opts and decodes a JSON response into out (if non-nil).
func (c *Client) Do(ctx context.Context, method, path string, out any, opts ...Option) error {
	r := &request{headers: c.headers.Clone()}
	for _, o := range opts {
		o(r)
	}
	u := *c.base
	u.Path = u.Path + path
	if r.query != nil {
		u.RawQuery = r.query.Encode()
	}
	var body io.Reader
	if r.body != nil {
		buf, err := json.Marshal(r.body)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return err
	}
	req.Header = r.headers
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return &StatusError{Code: resp.StatusCode, Body: string(b)}
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

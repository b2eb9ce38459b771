// Package httpclient is the JSON-over-HTTP client shared by the partner
// integrations. Transient failures (network errors, 429, 5xx) are retried
// with backoff; headers given by the caller are sent unchanged on every
// attempt.
package httpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// StatusError is a non-2xx response.
type StatusError struct {
	StatusCode int
	Body       string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("http %d: %s", e.StatusCode, e.Body)
}

// Temporary reports whether the request may succeed if repeated.
func (e *StatusError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// Client calls one partner API.
type Client struct {
	baseURL  string
	http     *http.Client
	attempts uint
	delay    time.Duration
	// authorize sets credentials on each outgoing request.
	authorize func(*http.Request)
}

// Option configures a Client.
type Option func(*Client)

// WithAttempts sets the total number of attempts per call.
func WithAttempts(n uint) Option { return func(c *Client) { c.attempts = n } }

// WithTimeout sets the per-attempt timeout.
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.http.Timeout = d } }

// WithBearer authenticates with a static bearer token.
func WithBearer(token string) Option {
	return func(c *Client) {
		c.authorize = func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
	}
}

// WithBasicAuth authenticates with HTTP basic credentials.
func WithBasicAuth(user, pass string) Option {
	return func(c *Client) {
		c.authorize = func(r *http.Request) { r.SetBasicAuth(user, pass) }
	}
}

// New returns a client for baseURL.
func New(baseURL string, opts ...Option) *Client {
	c := &Client{
		baseURL:  baseURL,
		http:     &http.Client{Timeout: 15 * time.Second},
		attempts: 3,
		delay:    300 * time.Millisecond,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Do sends in as JSON and decodes the response into out.
func (c *Client) Do(ctx context.Context, method, path string, headers map[string]string, in, out any) error {
	var body []byte
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		body = b
	}
	return retry.Do(
		func() error { return c.once(ctx, method, path, headers, body, out) },
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(c.delay),
		retry.DelayType(retry.BackOffDelay),
		retry.RetryIf(retryable),
		retry.LastErrorOnly(true),
	)
}

func (c *Client) once(ctx context.Context, method, path string, headers map[string]string, body []byte, out any) error {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, rd)
	if err != nil {
		return retry.Unrecoverable(err)
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if c.authorize != nil {
		c.authorize(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return &StatusError{StatusCode: resp.StatusCode, Body: string(data)}
	}
	if out == nil || len(data) == 0 {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return retry.Unrecoverable(fmt.Errorf("decode %s %s: %w", method, path, err))
	}
	return nil
}

func retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Temporary()
	}
	return !errors.Is(err, context.Canceled)
}

// Package httpx is the small JSON-over-HTTP client the provider packages
// share: base URL, auth, bounded retries on transport errors and 5xx.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the underlying *http.Client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithRetries sets how many times a request is re-sent after a transport
// error or a 5xx response.
func WithRetries(n int, backoff time.Duration) Option {
	return func(c *Client) {
		c.retries = n
		c.backoff = backoff
	}
}

// WithAuth sets a function that decorates each outgoing request.
func WithAuth(fn func(*http.Request)) Option { return func(c *Client) { c.auth = fn } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// Client sends JSON requests to one provider.
type Client struct {
	base      string
	hc        *http.Client
	retries   int
	backoff   time.Duration
	auth      func(*http.Request)
	userAgent string
}

// New builds a Client for base.
func New(base string, opts ...Option) *Client {
	c := &Client{
		base:      base,
		hc:        &http.Client{Timeout: 15 * time.Second},
		retries:   2,
		backoff:   300 * time.Millisecond,
		userAgent: "ridgeline-fuelcards/1",
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("provider returned %d: %s", e.Status, e.Body)
}

// Temporary reports whether the status is worth retrying.
func (e *StatusError) Temporary() bool {
	return e.Status >= 500 || e.Status == http.StatusTooManyRequests
}

// Do sends method path with body encoded as JSON and decodes the response
// into out when out is non-nil. The same body and headers are sent on every
// retry.
func (c *Client) Do(ctx context.Context, method, path string, header http.Header, body, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
	}

	var lastErr error
	for attempt := 0; attempt <= c.retries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return errors.Join(ctx.Err(), lastErr)
			case <-time.After(c.backoff * time.Duration(attempt)):
			}
		}
		lastErr = c.once(ctx, method, path, header, payload, out)
		if lastErr == nil {
			return nil
		}
		var se *StatusError
		if errors.As(lastErr, &se) && !se.Temporary() {
			return lastErr
		}
	}
	return lastErr
}

func (c *Client) once(ctx context.Context, method, path string, header http.Header, payload []byte, out any) error {
	var rd io.Reader
	if payload != nil {
		rd = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if c.auth != nil {
		c.auth(req)
	}

	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return &StatusError{Status: resp.StatusCode, Body: string(b)}
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}

// Stream issues a GET and returns the raw body for the caller to read and
// close.
func (c *Client) Stream(ctx context.Context, path string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", c.userAgent)
	if c.auth != nil {
		c.auth(req)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return nil, &StatusError{Status: resp.StatusCode, Body: string(b)}
	}
	return resp.Body, nil
}

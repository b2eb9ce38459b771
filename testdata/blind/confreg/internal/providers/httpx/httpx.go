// Package httpx is the JSON-over-HTTP plumbing shared by the provider
// clients: auth, encoding, status handling and transport-level retries.
package httpx

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

// StatusError is returned for non-2xx responses.
type StatusError struct {
	StatusCode int
	Body       string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("http %d: %s", e.StatusCode, e.Body)
}

// Temporary reports whether the status is worth retrying.
func (e *StatusError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// Client sends JSON requests to one provider.
type Client struct {
	BaseURL     string
	HTTP        *http.Client
	Auth        func(*http.Request)
	UserAgent   string
	MaxAttempts int
	Backoff     time.Duration
}

// Request describes one call. Header values are sent unchanged on every
// attempt. Retry opts the call into transport-level retries; only set it when
// the provider can recognise a repeated request.
type Request struct {
	Method string
	Path   string
	Header http.Header
	Body   any
	Retry  bool
}

// Do sends req and decodes a 2xx JSON response into out (if non-nil).
func (c *Client) Do(ctx context.Context, req Request, out any) error {
	var payload []byte
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		payload = b
	}

	attempts := 1
	if req.Retry && c.MaxAttempts > 1 {
		attempts = c.MaxAttempts
	}

	var lastErr error
	for attempt := 1; attempt <= attempts; attempt++ {
		if attempt > 1 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(c.Backoff * time.Duration(attempt-1)):
			}
		}
		lastErr = c.once(ctx, req, payload, out)
		if lastErr == nil || !retryable(lastErr) {
			return lastErr
		}
	}
	return lastErr
}

func (c *Client) once(ctx context.Context, req Request, payload []byte, out any) error {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	httpReq, err := http.NewRequestWithContext(ctx, req.Method, strings.TrimRight(c.BaseURL, "/")+req.Path, body)
	if err != nil {
		return err
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			httpReq.Header.Add(k, v)
		}
	}
	httpReq.Header.Set("Accept", "application/json")
	if payload != nil {
		httpReq.Header.Set("Content-Type", "application/json")
	}
	if c.UserAgent != "" {
		httpReq.Header.Set("User-Agent", c.UserAgent)
	}
	if c.Auth != nil {
		c.Auth(httpReq)
	}

	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(httpReq)
	if err != nil {
		return err
	}
	defer resp.Body.Close()

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{StatusCode: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}

func retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Temporary()
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	// Network-level failure: the request may or may not have arrived.
	return true
}

// BearerAuth returns an Auth func setting a bearer token.
func BearerAuth(token string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

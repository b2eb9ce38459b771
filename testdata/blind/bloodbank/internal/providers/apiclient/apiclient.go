// Package apiclient is the small JSON-over-HTTP client that the provider
// packages build on.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("http %d: %s", e.Status, strings.TrimSpace(e.Body))
}

// Retryable reports whether the status is worth another attempt.
func (e *StatusError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Client sends JSON requests to one base URL.
type Client struct {
	BaseURL string
	HTTP    *http.Client
	// Authorize decorates each outgoing request with credentials.
	Authorize func(*http.Request)
	// UserAgent is sent on every request.
	UserAgent string
}

// New returns a client with a bounded timeout.
func New(baseURL string, timeout time.Duration, authorize func(*http.Request)) *Client {
	return &Client{
		BaseURL:   strings.TrimRight(baseURL, "/"),
		HTTP:      &http.Client{Timeout: timeout},
		Authorize: authorize,
		UserAgent: "hemolink-bloodbank/1.0",
	}
}

// BearerToken returns an Authorize func setting a bearer token.
func BearerToken(token string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

// APIKeyHeader returns an Authorize func setting a named API key header.
func APIKeyHeader(name, key string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set(name, key) }
}

// Do sends in as JSON and decodes the response into out (when non-nil).
// Extra headers are applied after authorization.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, headers http.Header) (int, error) {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return 0, fmt.Errorf("encode request: %w", err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, body)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", c.UserAgent)
	if c.Authorize != nil {
		c.Authorize(req)
	}
	for k, vs := range headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}

	resp, err := c.HTTP.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return resp.StatusCode, fmt.Errorf("read response: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, &StatusError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, fmt.Errorf("decode response: %w", err)
		}
	}
	return resp.StatusCode, nil
}

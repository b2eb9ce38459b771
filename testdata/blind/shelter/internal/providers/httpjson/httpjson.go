// Package httpjson is the small JSON-over-HTTP client shared by the partner
// integrations.
package httpjson

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

// Client talks to one JSON API.
type Client struct {
	BaseURL   string
	HTTP      *http.Client
	UserAgent string
	// Authorize decorates every outgoing request, typically with a bearer
	// token or an API key header.
	Authorize func(*http.Request)
}

// New returns a client with a bounded timeout.
func New(baseURL string, timeout time.Duration, authorize func(*http.Request)) *Client {
	return &Client{
		BaseURL:   strings.TrimRight(baseURL, "/"),
		HTTP:      &http.Client{Timeout: timeout},
		UserAgent: "shelternet/1.0",
		Authorize: authorize,
	}
}

// RequestOption adjusts a single request.
type RequestOption func(*http.Request)

// WithHeader sets a header when value is non-empty.
func WithHeader(name, value string) RequestOption {
	return func(r *http.Request) {
		if value != "" {
			r.Header.Set(name, value)
		}
	}
}

// StatusError is returned for any non-2xx response.
type StatusError struct {
	Method string
	URL    string
	Code   int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: status %d: %s", e.Method, e.URL, e.Code, e.Body)
}

// Do sends in as JSON (if non-nil) and decodes the response into out (if
// non-nil).
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", c.UserAgent)
	if c.Authorize != nil {
		c.Authorize(req)
	}
	for _, opt := range opts {
		opt(req)
	}

	resp, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return &StatusError{Method: method, URL: path, Code: resp.StatusCode, Body: strings.TrimSpace(string(msg))}
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("decode %s %s: %w", method, path, err)
	}
	return nil
}

// Bearer returns an Authorize func that sends a bearer token.
func Bearer(token string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

// APIKey returns an Authorize func that sends the key in the named header.
func APIKey(header, key string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set(header, key) }
}

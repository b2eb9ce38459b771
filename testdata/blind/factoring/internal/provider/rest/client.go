// Package rest is the small JSON-over-HTTP client the provider packages are
// built on.
package rest

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

// Client sends JSON requests to one provider base URL.
type Client struct {
	baseURL    string
	httpClient *http.Client
	headers    http.Header
	userAgent  string
	getRetries int
	backoff    time.Duration
}

// Option configures a Client.
type Option func(*Client)

func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.httpClient = hc }
}

func WithTimeout(d time.Duration) Option {
	return func(c *Client) {
		if d > 0 {
			c.httpClient.Timeout = d
		}
	}
}

func WithBearerToken(token string) Option {
	return WithHeader("Authorization", "Bearer "+token)
}

func WithHeader(key, value string) Option {
	return func(c *Client) { c.headers.Set(key, value) }
}

func WithUserAgent(ua string) Option {
	return func(c *Client) { c.userAgent = ua }
}

// WithGETRetries retries GET requests on transport errors and 5xx answers.
func WithGETRetries(n int, backoff time.Duration) Option {
	return func(c *Client) {
		c.getRetries = n
		c.backoff = backoff
	}
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{
		baseURL:    strings.TrimRight(baseURL, "/"),
		httpClient: &http.Client{Timeout: 20 * time.Second},
		headers:    http.Header{},
		userAgent:  "kestrel-factoring/1.0",
		backoff:    200 * time.Millisecond,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// RequestOption adjusts a single outgoing request.
type RequestOption func(*http.Request)

// Header sets a header on one request. An empty value leaves the request
// untouched.
func Header(key, value string) RequestOption {
	return func(r *http.Request) {
		if value != "" {
			r.Header.Set(key, value)
		}
	}
}

// APIError is returned for non-2xx responses.
type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
	Body       string `json:"-"`
}

func (e *APIError) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("provider returned %d %s: %s", e.StatusCode, e.Code, e.Message)
	}
	return fmt.Sprintf("provider returned %d: %s", e.StatusCode, e.Body)
}

// Temporary reports whether the failure is worth retrying later.
func (e *APIError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// IsStatus reports whether err is an APIError with the given status.
func IsStatus(err error, status int) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == status
}

// Do sends in as the JSON body (nil for none) and decodes the response into
// out (nil to discard).
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	var payload []byte
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		payload = b
	}

	attempts := 1
	if method == http.MethodGet {
		attempts += c.getRetries
	}
	var lastErr error
	for attempt := 0; attempt < attempts; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(c.backoff * time.Duration(attempt)):
			}
		}
		lastErr = c.once(ctx, method, path, payload, out, opts)
		if lastErr == nil {
			return nil
		}
		var apiErr *APIError
		if errors.As(lastErr, &apiErr) && !apiErr.Temporary() {
			return lastErr
		}
	}
	return lastErr
}

func (c *Client) once(ctx context.Context, method, path string, payload []byte, out any, opts []RequestOption) error {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	for k, vs := range c.headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, o := range opts {
		o(req)
	}

	resp, err := c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("read response: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{StatusCode: resp.StatusCode, Body: string(raw)}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}

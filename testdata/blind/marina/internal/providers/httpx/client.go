// Package httpx is the small JSON-over-HTTP helper shared by the
// hand-written provider clients.
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
	Method     string
	URL        string
	StatusCode int
	Body       string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: status %d: %s", e.Method, e.URL, e.StatusCode, e.Body)
}

// Temporary reports whether the request may succeed if sent again.
func (e *StatusError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// IsStatus reports whether err is a StatusError with the given code.
func IsStatus(err error, code int) bool {
	var se *StatusError
	return errors.As(err, &se) && se.StatusCode == code
}

// Client sends JSON requests to one base URL.
type Client struct {
	BaseURL   string
	HTTP      *http.Client
	Authorize func(*http.Request)
	UserAgent string
	// Retries is how many extra attempts are made for requests that are safe
	// to resend: GETs, and POSTs carrying an Idempotency-Key header.
	Retries int
	Backoff time.Duration
}

// RequestOption adjusts an outgoing request.
type RequestOption func(*http.Request)

// WithHeader sets a request header.
func WithHeader(key, value string) RequestOption {
	return func(r *http.Request) {
		if value != "" {
			r.Header.Set(key, value)
		}
	}
}

// Get sends a GET and decodes the JSON response into out.
func (c *Client) Get(ctx context.Context, path string, out any, opts ...RequestOption) error {
	return c.Do(ctx, http.MethodGet, path, nil, out, opts...)
}

// Post sends in as JSON and decodes the JSON response into out.
func (c *Client) Post(ctx context.Context, path string, in, out any, opts ...RequestOption) error {
	return c.Do(ctx, http.MethodPost, path, in, out, opts...)
}

// Do sends one request, resending it when that is known to be harmless.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
	}
	url := strings.TrimRight(c.BaseURL, "/") + path

	attempts := 1
	var lastErr error
	for i := 0; i < attempts; i++ {
		req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Accept", "application/json")
		if in != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if c.UserAgent != "" {
			req.Header.Set("User-Agent", c.UserAgent)
		}
		if c.Authorize != nil {
			c.Authorize(req)
		}
		for _, o := range opts {
			o(req)
		}
		if i == 0 && (method == http.MethodGet || req.Header.Get("Idempotency-Key") != "") {
			attempts = 1 + c.Retries
		}

		lastErr = c.once(req, out)
		if lastErr == nil {
			return nil
		}
		var se *StatusError
		if errors.As(lastErr, &se) && !se.Temporary() {
			return lastErr
		}
		if i+1 < attempts {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(c.Backoff * time.Duration(i+1)):
			}
		}
	}
	return lastErr
}

func (c *Client) once(req *http.Request, out any) error {
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{Method: req.Method, URL: req.URL.String(), StatusCode: resp.StatusCode, Body: string(data)}
	}
	if out == nil || len(data) == 0 {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}

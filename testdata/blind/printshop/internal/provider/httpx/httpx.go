// Package httpx holds the small JSON-over-HTTP helpers shared by the partner
// API clients.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

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

// Retryable reports whether the status code is worth another attempt.
func (e *StatusError) Retryable() bool {
	return e.Code == http.StatusTooManyRequests || e.Code >= 500
}

type Request struct {
	Method  string
	URL     string
	Header  http.Header
	Body    any
	Timeout time.Duration
}

// Do sends r and decodes a JSON response into out (which may be nil).
func Do(ctx context.Context, c *http.Client, r Request, out any) error {
	var body io.Reader
	if r.Body != nil {
		buf, err := json.Marshal(r.Body)
		if err != nil {
			return fmt.Errorf("httpx: encode body: %w", err)
		}
		body = bytes.NewReader(buf)
	}
	if r.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.Timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		return err
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")

	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{Method: r.Method, URL: r.URL, Code: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("httpx: decode %s %s: %w", r.Method, r.URL, err)
	}
	return nil
}

// NewClient returns an http.Client with sane partner-API defaults.
func NewClient(timeout time.Duration) *http.Client {
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
		},
	}
}

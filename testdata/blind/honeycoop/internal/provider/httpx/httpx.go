// Package httpx has the small pieces shared by the partner API clients.
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

// StatusError is a non-2xx answer from a partner.
type StatusError struct {
	Partner string
	Status  int
	Body    string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s: http %d: %s", e.Partner, e.Status, e.Body)
}

// Temporary reports whether the partner asked us to come back later.
func (e *StatusError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// NewClient returns an http.Client with sane timeouts for partner calls.
func NewClient(timeout time.Duration) *http.Client {
	if timeout <= 0 {
		timeout = 15 * time.Second
	}
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: 8,
			IdleConnTimeout:     90 * time.Second,
		},
	}
}

// Request is one JSON call.
type Request struct {
	Method  string
	URL     string
	Header  http.Header
	Body    []byte
	Partner string
}

// Do sends r and decodes a 2xx JSON answer into out.
func Do(ctx context.Context, c *http.Client, r Request, out any) (int, error) {
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, bytes.NewReader(r.Body))
	if err != nil {
		return 0, err
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if len(r.Body) > 0 {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, &StatusError{Partner: r.Partner, Status: resp.StatusCode, Body: string(raw)}
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s: decode response: %w", r.Partner, err)
		}
	}
	return resp.StatusCode, nil
}

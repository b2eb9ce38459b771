// Package httpclient is the shared JSON-over-HTTP plumbing used by the
// partner API clients.
package httpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/deskhive/coworking/internal/retry"
)

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("partner returned %d: %s", e.Status, e.Body)
}

// Retryable reports whether the failure is transient.
func Retryable(err error) bool {
	se, ok := err.(*StatusError)
	if !ok {
		return true // transport errors
	}
	return se.Status == http.StatusTooManyRequests || se.Status >= 500
}

// Client sends JSON requests with a fixed set of headers.
type Client struct {
	BaseURL string
	Headers http.Header
	HTTP    *http.Client
}

// New returns a Client with sane timeouts.
func New(baseURL string, headers http.Header) *Client {
	return &Client{
		BaseURL: baseURL,
		Headers: headers,
		HTTP:    &http.Client{Timeout: 10 * time.Second},
	}
}

// Do sends method path with body (JSON) and decodes the response into out.
// Extra headers are merged over the client's defaults. Transient failures
// are retried with the same request, headers included.
func (c *Client) Do(ctx context.Context, method, path string, extra http.Header, body, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
	}
	return retry.Run(ctx, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, bytes.NewReader(payload))
		if err != nil {
			return retry.Permanent(err)
		}
		for k, vs := range c.Headers {
			req.Header[k] = vs
		}
		for k, vs := range extra {
			req.Header[k] = vs
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := c.HTTP.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode/100 != 2 {
			return &StatusError{Status: resp.StatusCode, Body: string(raw)}
		}
		if out != nil && len(raw) > 0 {
			if err := json.Unmarshal(raw, out); err != nil {
				return retry.Permanent(fmt.Errorf("decode response: %w", err))
			}
		}
		return nil
	}, retry.WithRetryable(Retryable))
}

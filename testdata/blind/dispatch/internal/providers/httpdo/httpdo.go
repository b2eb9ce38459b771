// Package httpdo is the small JSON-over-HTTP helper used by partner API
// clients. It retries transport errors and 5xx responses a few times with
// backoff.
package httpdo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string { return fmt.Sprintf("http %d: %s", e.Status, e.Body) }

// Retryable reports whether the status is worth retrying.
func (e *StatusError) Retryable() bool {
	return e.Status >= 500 || e.Status == http.StatusTooManyRequests
}

// Client sends JSON requests.
type Client struct {
	HTTP     *http.Client
	BaseURL  string
	Headers  map[string]string
	Attempts int
	Backoff  time.Duration
}

// Request describes one call.
type Request struct {
	Method  string
	Path    string
	Body    any
	Headers map[string]string
}

// Do sends req and decodes a JSON response into out (if non-nil).
func (c *Client) Do(ctx context.Context, req Request, out any) error {
	var payload []byte
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return err
		}
		payload = b
	}
	attempts := c.Attempts
	if attempts <= 0 {
		attempts = 3
	}
	// One correlation id for all attempts of this call so partner support can
	// find them in their logs.
	requestID := uuid.NewString()

	var lastErr error
	for i := 0; i < attempts; i++ {
		if i > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(i) * c.backoff()):
			}
		}
		httpReq, err := http.NewRequestWithContext(ctx, req.Method, c.BaseURL+req.Path, bytes.NewReader(payload))
		if err != nil {
			return err
		}
		httpReq.Header.Set("Content-Type", "application/json")
		httpReq.Header.Set("Accept", "application/json")
		httpReq.Header.Set("X-Request-Id", requestID)
		for k, v := range c.Headers {
			httpReq.Header.Set(k, v)
		}
		for k, v := range req.Headers {
			httpReq.Header.Set(k, v)
		}
		resp, err := c.HTTP.Do(httpReq)
		if err != nil {
			lastErr = err
			continue
		}
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		if resp.StatusCode >= 300 {
			se := &StatusError{Status: resp.StatusCode, Body: string(body)}
			if se.Retryable() {
				lastErr = se
				continue
			}
			return se
		}
		if out != nil && len(body) > 0 {
			if err := json.Unmarshal(body, out); err != nil {
				return fmt.Errorf("decode response: %w", err)
			}
		}
		return nil
	}
	return lastErr
}

func (c *Client) backoff() time.Duration {
	if c.Backoff > 0 {
		return c.Backoff
	}
	return 300 * time.Millisecond
}

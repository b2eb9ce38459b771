// Package httpx builds the retrying HTTP clients used by every provider
// integration. All providers get the same transport policy: bounded retries
// with exponential backoff on connection errors, 429 and 5xx.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/rs/xid"
)

// Option customises a client built by New.
type Option func(*retryablehttp.Client)

// WithRetryMax sets the maximum number of retries after the first attempt.
func WithRetryMax(n int) Option {
	return func(c *retryablehttp.Client) { c.RetryMax = n }
}

// WithTimeout sets the per-attempt timeout.
func WithTimeout(d time.Duration) Option {
	return func(c *retryablehttp.Client) { c.HTTPClient.Timeout = d }
}

// WithBackoff sets the wait bounds between attempts.
func WithBackoff(min, max time.Duration) Option {
	return func(c *retryablehttp.Client) {
		c.RetryWaitMin = min
		c.RetryWaitMax = max
	}
}

// New returns a retryablehttp client with the house defaults applied.
func New(logger *slog.Logger, opts ...Option) *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	c.RetryWaitMin = 250 * time.Millisecond
	c.RetryWaitMax = 4 * time.Second
	c.HTTPClient.Timeout = 20 * time.Second
	c.Logger = nil
	c.RequestLogHook = func(_ retryablehttp.Logger, req *http.Request, attempt int) {
		if attempt > 0 && logger != nil {
			logger.Warn("retrying provider request",
				"method", req.Method, "host", req.URL.Host, "path", req.URL.Path, "attempt", attempt)
		}
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// StatusError is returned when a provider answers with a non-2xx status
// that the client does not handle itself.
type StatusError struct {
	Provider string
	Status   int
	Body     string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s: unexpected status %d: %s", e.Provider, e.Status, e.Body)
}

// Request is a JSON request to a provider.
type Request struct {
	Method  string
	URL     string
	Body    any
	Headers map[string]string
}

// DoJSON sends r with c and decodes a 2xx JSON response into out (which may
// be nil). Every logical call carries its own X-Correlation-Id so that our
// logs and the provider's support tooling can be joined; providers do not use
// it for anything else.
func DoJSON(ctx context.Context, c *retryablehttp.Client, provider string, r Request, out any) (int, error) {
	var body []byte
	if r.Body != nil {
		b, err := json.Marshal(r.Body)
		if err != nil {
			return 0, fmt.Errorf("%s: encode request: %w", provider, err)
		}
		body = b
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		return 0, fmt.Errorf("%s: build request: %w", provider, err)
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("X-Correlation-Id", xid.New().String())
	for k, v := range r.Headers {
		if v != "" {
			req.Header.Set(k, v)
		}
	}

	resp, err := c.Do(req)
	if err != nil {
		return 0, fmt.Errorf("%s: %s %s: %w", provider, r.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return resp.StatusCode, fmt.Errorf("%s: read response: %w", provider, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, &StatusError{Provider: provider, Status: resp.StatusCode, Body: string(bytes.TrimSpace(raw))}
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s: decode response: %w", provider, err)
		}
	}
	return resp.StatusCode, nil
}

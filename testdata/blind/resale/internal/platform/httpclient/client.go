// Package httpclient builds retrying HTTP clients for provider integrations
// and holds the JSON request helper they share.
package httpclient

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
)

type Options struct {
	Timeout      time.Duration
	RetryMax     int
	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	Logger       *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.Timeout == 0 {
		o.Timeout = 10 * time.Second
	}
	if o.RetryMax == 0 {
		o.RetryMax = 3
	}
	if o.RetryWaitMin == 0 {
		o.RetryWaitMin = 200 * time.Millisecond
	}
	if o.RetryWaitMax == 0 {
		o.RetryWaitMax = 3 * time.Second
	}
	return o
}

// New returns a retryablehttp client with the team defaults: retries on
// connection errors and 5xx/429, exponential backoff, structured logging.
func New(opts Options) *retryablehttp.Client {
	opts = opts.withDefaults()
	c := retryablehttp.NewClient()
	c.HTTPClient.Timeout = opts.Timeout
	c.RetryMax = opts.RetryMax
	c.RetryWaitMin = opts.RetryWaitMin
	c.RetryWaitMax = opts.RetryWaitMax
	c.Logger = nil
	if opts.Logger != nil {
		log := opts.Logger
		c.RequestLogHook = func(_ retryablehttp.Logger, req *http.Request, attempt int) {
			if attempt > 0 {
				log.Warn("retrying provider request", "method", req.Method, "url", req.URL.String(), "attempt", attempt)
			}
		}
	}
	return c
}

// APIError is returned for non-2xx responses.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("provider returned %d: %s", e.Status, e.Body)
}

// Request describes one JSON call.
type Request struct {
	Method  string
	URL     string
	Headers map[string]string
	Body    any
}

// DoJSON sends r and decodes a 2xx response body into out (when non-nil).
func DoJSON(ctx context.Context, c *retryablehttp.Client, r Request, out any) error {
	var body io.Reader
	if r.Body != nil {
		buf, err := json.Marshal(r.Body)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range r.Headers {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("read response: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &APIError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}

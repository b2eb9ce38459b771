// Package httpx builds the retrying, signed HTTP clients the provider
// packages use, and small JSON helpers on top of them.
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

	"github.com/hashicorp/go-cleanhttp"
	"github.com/hashicorp/go-retryablehttp"

	"github.com/globetrek/esim-platform/internal/providers/signer"
)

// Option adjusts a client.
type Option func(*retryablehttp.Client)

// WithRetryMax sets how many times a failed attempt is retried.
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

// New returns a retryablehttp client whose attempts are signed by s.
func New(name string, s *signer.Signer, logger *slog.Logger, opts ...Option) *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.HTTPClient = &http.Client{
		Timeout:   10 * time.Second,
		Transport: &signer.Transport{Base: cleanhttp.DefaultPooledTransport(), Signer: s},
	}
	c.RetryMax = 3
	c.RetryWaitMin = 200 * time.Millisecond
	c.RetryWaitMax = 3 * time.Second
	c.Logger = slog.NewLogLogger(logger.With("provider", name).Handler(), slog.LevelDebug)
	for _, o := range opts {
		o(c)
	}
	return c
}

// StatusError is returned for a non-2xx answer.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("provider answered %d: %s", e.Status, e.Body)
}

// Temporary reports whether the caller may try again later.
func (e *StatusError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Call is one JSON request.
type Call struct {
	Method string
	URL    string
	Body   any
	Header http.Header
}

// Do sends call with c and decodes a JSON answer into out (when non-nil).
func Do(ctx context.Context, c *retryablehttp.Client, call Call, out any) error {
	var body []byte
	if call.Body != nil {
		b, err := json.Marshal(call.Body)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		body = b
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, call.Method, call.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	for k, vs := range call.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
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
		return &StatusError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}

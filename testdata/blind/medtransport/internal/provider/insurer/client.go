// Package insurer is the client for the payer partner API (pre-authorisation
// and transport claims). Requests go through go-retryablehttp, which retries
// connection errors and 5xx responses with backoff.
package insurer

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

// AttemptRecorder is told about every attempt the client makes.
type AttemptRecorder interface {
	Append(ctx context.Context, partner, method, path string, attempt, status int) error
}

type Options struct {
	BaseURL  string
	APIKey   string
	Timeout  time.Duration
	RetryMax int
	Recorder AttemptRecorder
	Logger   *slog.Logger
}

type Client struct {
	base string
	key  string
	http *retryablehttp.Client
}

func New(opts Options) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = opts.RetryMax
	if rc.RetryMax == 0 {
		rc.RetryMax = 3
	}
	rc.RetryWaitMin = 300 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	rc.HTTPClient.Timeout = opts.Timeout
	if rc.HTTPClient.Timeout == 0 {
		rc.HTTPClient.Timeout = 20 * time.Second
	}
	rc.Logger = nil
	if opts.Recorder != nil {
		rec := opts.Recorder
		log := opts.Logger
		rc.RequestLogHook = func(_ retryablehttp.Logger, req *http.Request, attempt int) {
			if err := rec.Append(req.Context(), "insurer", req.Method, req.URL.Path, attempt, 0); err != nil && log != nil {
				log.Warn("partner call log", "err", err)
			}
		}
	}
	return &Client{base: opts.BaseURL, key: opts.APIKey, http: rc}
}

// RequestOption adjusts an outgoing request.
type RequestOption func(*retryablehttp.Request)

// WithIdempotencyKey sets the partner's Idempotency-Key header. The partner
// keeps keys for 72 hours and replays the original response for a repeat.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *retryablehttp.Request) { r.Header.Set("Idempotency-Key", key) }
}

// WithCorrelationID propagates our id for the partner's support tooling.
func WithCorrelationID(id string) RequestOption {
	return func(r *retryablehttp.Request) { r.Header.Set("X-Correlation-ID", id) }
}

// APIError is a non-2xx response from the partner.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("insurer api: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Retryable reports whether the partner asked us to try again later.
func (e *APIError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.key)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, opt := range opts {
		opt(req)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("insurer %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

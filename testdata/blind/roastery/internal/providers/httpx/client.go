// Package httpx is the small JSON-over-HTTP layer shared by the provider
// clients. It does one attempt per call; retrying is left to callers via
// Retry so that each call site decides what is safe to repeat.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/ridgeline-coffee/roastery/internal/audit"
)

// Client performs authenticated JSON requests against one provider.
type Client struct {
	Provider string
	BaseURL  string
	HTTP     *http.Client
	Auth     func(*http.Request)
	Audit    audit.Recorder
}

// Option customises a Client.
type Option func(*Client)

// WithHTTPClient replaces the default http.Client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.HTTP = h } }

// WithAudit records every attempt through r.
func WithAudit(r audit.Recorder) Option { return func(c *Client) { c.Audit = r } }

// WithBearer authenticates with an Authorization: Bearer header.
func WithBearer(token string) Option {
	return func(c *Client) {
		c.Auth = func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
	}
}

// WithBasic authenticates with HTTP basic auth using the key as username.
func WithBasic(key string) Option {
	return func(c *Client) {
		c.Auth = func(r *http.Request) { r.SetBasicAuth(key, "") }
	}
}

// WithHeaderKey authenticates with a custom header.
func WithHeaderKey(header, key string) Option {
	return func(c *Client) {
		c.Auth = func(r *http.Request) { r.Header.Set(header, key) }
	}
}

// New builds a client for provider at baseURL.
func New(provider, baseURL string, opts ...Option) *Client {
	c := &Client{
		Provider: provider,
		BaseURL:  baseURL,
		HTTP:     &http.Client{Timeout: 15 * time.Second},
		Auth:     func(*http.Request) {},
		Audit:    audit.Nop{},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Provider string
	Status   int
	Body     string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s: http %d: %s", e.Provider, e.Status, e.Body)
}

// Request describes one call.
type Request struct {
	Method    string
	Path      string
	Operation string
	Headers   map[string]string
	Body      any
}

// Do sends req and decodes a JSON response into out (which may be nil).
func (c *Client) Do(ctx context.Context, req Request, out any) error {
	var body io.Reader
	if req.Body != nil {
		buf, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("%s: encode %s: %w", c.Provider, req.Operation, err)
		}
		body = bytes.NewReader(buf)
	}
	hreq, err := http.NewRequestWithContext(ctx, req.Method, c.BaseURL+req.Path, body)
	if err != nil {
		return err
	}
	hreq.Header.Set("Accept", "application/json")
	if body != nil {
		hreq.Header.Set("Content-Type", "application/json")
	}
	for k, v := range req.Headers {
		hreq.Header.Set(k, v)
	}
	c.Auth(hreq)

	started := time.Now()
	resp, err := c.HTTP.Do(hreq)
	if err != nil {
		c.Audit.RecordAttempt(ctx, c.Provider, req.Operation, started, 0, err)
		return fmt.Errorf("%s: %s: %w", c.Provider, req.Operation, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		c.Audit.RecordAttempt(ctx, c.Provider, req.Operation, started, resp.StatusCode, err)
		return fmt.Errorf("%s: %s: read body: %w", c.Provider, req.Operation, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		serr := &StatusError{Provider: c.Provider, Status: resp.StatusCode, Body: string(raw)}
		c.Audit.RecordAttempt(ctx, c.Provider, req.Operation, started, resp.StatusCode, serr)
		return serr
	}
	c.Audit.RecordAttempt(ctx, c.Provider, req.Operation, started, resp.StatusCode, nil)
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%s: %s: decode: %w", c.Provider, req.Operation, err)
	}
	return nil
}

// IsRetryable reports whether err is worth another attempt: transport
// failures, timeouts, 429 and 5xx.
func IsRetryable(err error) bool {
	if err == nil {
		return false
	}
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status == http.StatusTooManyRequests || se.Status >= 500
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, io.ErrUnexpectedEOF)
}

// RetryPolicy bounds how hard Retry tries.
type RetryPolicy struct {
	MaxAttempts     uint64
	InitialInterval time.Duration
	MaxElapsed      time.Duration
}

// DefaultPolicy is used by provider calls that do not need anything special.
var DefaultPolicy = RetryPolicy{MaxAttempts: 5, InitialInterval: 300 * time.Millisecond, MaxElapsed: 30 * time.Second}

func (p RetryPolicy) backoff(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = p.InitialInterval
	eb.MaxElapsedTime = p.MaxElapsed
	var b backoff.BackOff = eb
	if p.MaxAttempts > 0 {
		b = backoff.WithMaxRetries(b, p.MaxAttempts-1)
	}
	return backoff.WithContext(b, ctx)
}

// Retry runs op with exponential backoff under DefaultPolicy, stopping early
// on errors IsRetryable rejects.
func Retry(ctx context.Context, op func() error) error {
	return RetryWith(ctx, DefaultPolicy, op)
}

// RetryWith is Retry with an explicit policy.
func RetryWith(ctx context.Context, p RetryPolicy, op func() error) error {
	return backoff.Retry(func() error {
		err := op()
		if err != nil && !IsRetryable(err) {
			return backoff.Permanent(err)
		}
		return err
	}, p.backoff(ctx))
}

// RetryValue is Retry for operations that return a value.
func RetryValue[T any](ctx context.Context, op func() (T, error)) (T, error) {
	return backoff.RetryWithData(func() (T, error) {
		v, err := op()
		if err != nil && !IsRetryable(err) {
			return v, backoff.Permanent(err)
		}
		return v, err
	}, DefaultPolicy.backoff(ctx))
}

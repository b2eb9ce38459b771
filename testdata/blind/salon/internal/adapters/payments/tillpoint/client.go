// Package tillpoint is a client for the Tillpoint card payments API.
//
// Tillpoint honours an Idempotency-Key header on every POST: a repeated key
// within 24 hours returns the original response instead of creating a new
// charge or refund.
package tillpoint

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"
)

const defaultUserAgent = "velvetchair-salon/1.0"

// Client talks to the Tillpoint REST API.
type Client struct {
	baseURL    string
	apiKey     string
	httpClient *http.Client
	userAgent  string
	maxRetries int
	backoff    time.Duration
	log        *slog.Logger
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the underlying HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.httpClient = h } }

// WithTimeout sets the per-request timeout.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.httpClient.Timeout = d }
}

// WithRetries sets how often a retryable request is attempted again.
func WithRetries(n int, backoff time.Duration) Option {
	return func(c *Client) { c.maxRetries, c.backoff = n, backoff }
}

// WithUserAgent overrides the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// WithLogger sets the logger used for request tracing.
func WithLogger(l *slog.Logger) Option { return func(c *Client) { c.log = l } }

// New builds a client for baseURL authenticated with apiKey.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:    baseURL,
		apiKey:     apiKey,
		httpClient: &http.Client{Timeout: 15 * time.Second},
		userAgent:  defaultUserAgent,
		maxRetries: 2,
		backoff:    300 * time.Millisecond,
		log:        slog.Default(),
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// APIError is a non-2xx answer from Tillpoint.
type APIError struct {
	Status  int    `json:"-"`
	Type    string `json:"type"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("tillpoint: %d %s/%s: %s", e.Status, e.Type, e.Code, e.Message)
}

// Temporary reports whether the request can be retried.
func (e *APIError) Temporary() bool { return e.Status == http.StatusTooManyRequests || e.Status >= 500 }

type request struct {
	method         string
	path           string
	body           any
	idempotencyKey string
}

// do sends r and decodes the JSON answer into out. Requests are only
// re-sent automatically when they are reads or carry an idempotency key.
func (c *Client) do(ctx context.Context, r request, out any) error {
	var payload []byte
	if r.body != nil {
		var err error
		if payload, err = json.Marshal(r.body); err != nil {
			return fmt.Errorf("tillpoint: encode: %w", err)
		}
	}
	retryable := r.method == http.MethodGet || r.idempotencyKey != ""
	attempts := 1
	if retryable {
		attempts += c.maxRetries
	}
	var lastErr error
	for i := 0; i < attempts; i++ {
		if i > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(c.backoff * time.Duration(1<<(i-1))):
			}
		}
		lastErr = c.send(ctx, r, payload, out)
		if lastErr == nil {
			return nil
		}
		var apiErr *APIError
		if errors.As(lastErr, &apiErr) && !apiErr.Temporary() {
			return lastErr
		}
		c.log.WarnContext(ctx, "tillpoint request failed", "path", r.path, "attempt", i+1, "err", lastErr)
	}
	return lastErr
}

func (c *Client) send(ctx context.Context, r request, payload []byte, out any) error {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, c.baseURL+r.path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", r.idempotencyKey)
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("tillpoint: %s %s: %w", r.method, r.path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("tillpoint: read body: %w", err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		var envelope struct {
			Error *APIError `json:"error"`
		}
		if json.Unmarshal(raw, &envelope) == nil && envelope.Error != nil {
			apiErr.Type, apiErr.Code, apiErr.Message = envelope.Error.Type, envelope.Error.Code, envelope.Error.Message
		}
		return apiErr
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

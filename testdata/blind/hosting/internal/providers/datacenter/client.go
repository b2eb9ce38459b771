// Package datacenter is the client for the colocation partner's provisioning
// API (v1). Create calls accept an Idempotency-Key header: the partner keeps
// the key for 72 hours and replays the original response for a repeated key.
package datacenter

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

	"github.com/hashicorp/go-retryablehttp"
)

// ErrNotFound is returned for 404 responses.
var ErrNotFound = errors.New("datacenter: not found")

// APIError is a non-2xx response from the partner.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("datacenter: %d %s: %s", e.Status, e.Code, e.Message)
}

// Client talks to the datacenter API over go-retryablehttp, which retries
// connection errors and 5xx/429 responses with backoff.
type Client struct {
	baseURL   string
	token     string
	userAgent string
	http      *retryablehttp.Client
}

// Option configures a Client.
type Option func(*Client)

// WithRetryMax sets how many times a failed request is retried.
func WithRetryMax(n int) Option {
	return func(c *Client) { c.http.RetryMax = n }
}

// WithTimeout sets the per-attempt timeout.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.http.HTTPClient.Timeout = d }
}

// WithUserAgent overrides the User-Agent header.
func WithUserAgent(ua string) Option {
	return func(c *Client) { c.userAgent = ua }
}

// WithLogger routes retry logging to slog.
func WithLogger(log *slog.Logger) Option {
	return func(c *Client) { c.http.Logger = log }
}

// New builds a Client.
func New(baseURL, token string, opts ...Option) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	rc.HTTPClient.Timeout = 20 * time.Second
	rc.Logger = nil

	c := &Client{baseURL: baseURL, token: token, userAgent: "nimbusrack/1.0", http: rc}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// CallOption adjusts a single request.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header on a create call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts ...CallOption) error {
	var co callOptions
	for _, opt := range opts {
		opt(&co)
	}

	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if co.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", co.idempotencyKey)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("datacenter %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode == http.StatusNotFound {
		return ErrNotFound
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(apiErr)
		return apiErr
	}
	if out == nil || resp.StatusCode == http.StatusNoContent {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

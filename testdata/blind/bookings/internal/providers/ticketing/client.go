// Package ticketing is a client for the partner ticketing platform that
// issues the actual travel documents (barcodes, PDFs) for our bookings.
//
// The partner deduplicates issue and reissue calls on the request body's
// client_reference (7-day window) and additionally honours an
// Idempotency-Key header on every POST.
package ticketing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"time"
)

// Client talks to the partner ticketing API.
type Client struct {
	baseURL    *url.URL
	apiKey     string
	http       *http.Client
	maxRetries int
	backoff    time.Duration
	userAgent  string
	log        *slog.Logger
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default http.Client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithAPIKey sets the bearer credential.
func WithAPIKey(k string) Option { return func(c *Client) { c.apiKey = k } }

// WithRetries sets how many times a request is retried on 5xx/429 or a
// network error, and the base backoff between attempts.
func WithRetries(n int, backoff time.Duration) Option {
	return func(c *Client) { c.maxRetries, c.backoff = n, backoff }
}

// WithUserAgent overrides the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(c *Client) { c.log = l } }

// New builds a Client.
func New(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("ticketing base url: %w", err)
	}
	c := &Client{
		baseURL:    u,
		http:       &http.Client{Timeout: 15 * time.Second},
		maxRetries: 2,
		backoff:    300 * time.Millisecond,
		userAgent:  "meridianrail-bookings/1.0",
		log:        slog.Default(),
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// APIError is a non-2xx response from the partner.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("ticketing api: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Retryable reports whether the request may succeed if sent again.
func (e *APIError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// requestBuilder assembles one call to the partner API.
type requestBuilder struct {
	c      *Client
	method string
	path   string
	body   any
	header http.Header
	query  url.Values
}

func (c *Client) request(method, path string) *requestBuilder {
	return &requestBuilder{c: c, method: method, path: path, header: http.Header{}, query: url.Values{}}
}

// JSON sets the request body.
func (b *requestBuilder) JSON(v any) *requestBuilder {
	b.body = v
	b.header.Set("Content-Type", "application/json")
	return b
}

// Header sets a header.
func (b *requestBuilder) Header(k, v string) *requestBuilder {
	b.header.Set(k, v)
	return b
}

// Query adds a query parameter.
func (b *requestBuilder) Query(k, v string) *requestBuilder {
	b.query.Add(k, v)
	return b
}

// IdempotencyKey sets the Idempotency-Key header when key is non-empty.
func (b *requestBuilder) IdempotencyKey(key string) *requestBuilder {
	if key != "" {
		b.header.Set("Idempotency-Key", key)
	}
	return b
}

func (b *requestBuilder) build(ctx context.Context, payload []byte) (*http.Request, error) {
	u := b.c.baseURL.JoinPath(b.path)
	if len(b.query) > 0 {
		u.RawQuery = b.query.Encode()
	}
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, b.method, u.String(), body)
	if err != nil {
		return nil, err
	}
	for k, vs := range b.header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", b.c.userAgent)
	if b.c.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+b.c.apiKey)
	}
	return req, nil
}

// Do sends the request, retrying transient failures with the same body and
// headers, and decodes a 2xx response into out.
func (b *requestBuilder) Do(ctx context.Context, out any) error {
	var payload []byte
	if b.body != nil {
		var err error
		if payload, err = json.Marshal(b.body); err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
	}

	var lastErr error
	for attempt := 0; attempt <= b.c.maxRetries; attempt++ {
		if attempt > 0 {
			wait := b.c.backoff * time.Duration(1<<(attempt-1))
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
		}
		req, err := b.build(ctx, payload)
		if err != nil {
			return err
		}
		lastErr = b.c.roundTrip(req, out)
		if lastErr == nil {
			return nil
		}
		var apiErr *APIError
		if errors.As(lastErr, &apiErr) && !apiErr.Retryable() {
			return lastErr
		}
		b.c.log.WarnContext(ctx, "ticketing call failed, retrying",
			"method", b.method, "path", b.path, "attempt", attempt+1, "err", lastErr)
	}
	return lastErr
}

func (c *Client) roundTrip(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("ticketing transport: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, out)
}

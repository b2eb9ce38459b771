// Package gds is the client for the GDS partner's EMD and seat-map API.
//
// Every mutating call carries a clientTransactionRef in the JSON body. The
// partner stores the reference with the outcome for 24 hours and answers a
// repeated reference with the original result instead of acting again.
package gds

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Client talks to the GDS partner API.
type Client struct {
	baseURL   *url.URL
	http      *http.Client
	agencyID  string
	apiKey    string
	userAgent string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithAgency sets the IATA agency / office ID used for issuance.
func WithAgency(id string) Option { return func(c *Client) { c.agencyID = id } }

// WithAPIKey sets the partner API key.
func WithAPIKey(k string) Option { return func(c *Client) { c.apiKey = k } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// WithTimeout sets the HTTP timeout when the default client is used.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.http.Timeout = d }
}

// New creates a Client for baseURL.
func New(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("gds: base url: %w", err)
	}
	c := &Client{
		baseURL:   u,
		http:      &http.Client{Timeout: 20 * time.Second},
		userAgent: "skyway-ancillaries/1.0",
	}
	for _, opt := range opts {
		opt(c)
	}
	return c, nil
}

// APIError is a non-2xx answer from the partner.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("gds: %d %s: %s", e.Status, e.Code, e.Message)
}

// Temporary reports whether the call may succeed if repeated.
func (e *APIError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// IsTemporary reports whether err is worth retrying.
func IsTemporary(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Temporary()
	}
	return !errors.Is(err, context.Canceled)
}

func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	u := c.baseURL.ResolveReference(&url.URL{Path: path})
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("gds: encode: %w", err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("X-Api-Key", c.apiKey)
	if c.agencyID != "" {
		req.Header.Set("X-Agency-Id", c.agencyID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("gds: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("gds: read body: %w", err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("gds: decode: %w", err)
		}
	}
	return nil
}

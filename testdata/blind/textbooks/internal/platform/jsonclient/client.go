// Package jsonclient is the small JSON-over-HTTP client our provider
// packages share. It handles encoding, auth headers and error decoding;
// retries are left to the caller (see retrypolicy).
package jsonclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/quirecampus/bookloop/internal/platform/retrypolicy"
)

// Client talks to one base URL.
type Client struct {
	base    string
	http    *http.Client
	headers http.Header
}

// Option configures a Client.
type Option func(*Client)

func WithHeader(k, v string) Option {
	return func(c *Client) { c.headers.Set(k, v) }
}

func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.http.Timeout = d }
}

func New(base string, opts ...Option) *Client {
	c := &Client{
		base:    strings.TrimRight(base, "/"),
		http:    &http.Client{Timeout: 15 * time.Second},
		headers: http.Header{},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// RequestOption adjusts one outgoing request.
type RequestOption func(*http.Request)

// Header sets a header on a single request.
func Header(k, v string) RequestOption {
	return func(r *http.Request) {
		if v != "" {
			r.Header.Set(k, v)
		}
	}
}

// APIError is a non-2xx answer from the remote side.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Msg    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("http %d: %s %s", e.Status, e.Code, e.Msg)
}

// Do sends in (if non-nil) as JSON and decodes the response into out (if non-nil).
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encode %s %s: %w", method, path, err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return err
	}
	for k, vs := range c.headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	// Correlates our logs with the partner's support tooling.
	req.Header.Set("X-Request-ID", uuid.NewString())
	for _, o := range opts {
		o(req)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return retrypolicy.Transient{Err: fmt.Errorf("%s %s: %w", method, path, err)}
	}
	defer resp.Body.Close()

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return retrypolicy.Transient{Err: err}
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
			return retrypolicy.Transient{Err: apiErr}
		}
		return apiErr
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode %s %s: %w", method, path, err)
	}
	return nil
}

// Package httpx is the small JSON-over-HTTP client used by the partner
// adapters.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/pawpath/vetclinic/internal/errs"
)

// Client sends JSON requests to one base URL.
type Client struct {
	BaseURL string
	HTTP    *http.Client
	// Auth decorates every request, typically with an API key header.
	Auth func(*http.Request)
	// UserAgent is sent on every request.
	UserAgent string
}

func New(baseURL string, auth func(*http.Request)) *Client {
	return &Client{
		BaseURL:   strings.TrimRight(baseURL, "/"),
		HTTP:      &http.Client{Timeout: 20 * time.Second},
		Auth:      auth,
		UserAgent: "pawpath-vetclinic/1.0",
	}
}

// Request describes one call.
type Request struct {
	Method  string
	Path    string
	Body    any
	Header  http.Header
	Timeout time.Duration
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("http %d: %s", e.Status, e.Body)
}

// Do sends r and decodes a JSON response into out (which may be nil).
func (c *Client) Do(ctx context.Context, op errs.Op, r Request, out any) error {
	var body io.Reader
	if r.Body != nil {
		b, err := json.Marshal(r.Body)
		if err != nil {
			return errs.E(op, errs.Internal, err)
		}
		body = bytes.NewReader(b)
	}
	if r.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.Timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, c.BaseURL+r.Path, body)
	if err != nil {
		return errs.E(op, errs.Internal, err)
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.UserAgent)
	if c.Auth != nil {
		c.Auth(req)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return errs.E(op, errs.Unavailable, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return errs.E(op, errs.Unavailable, err)
	}
	if resp.StatusCode >= 300 {
		se := &StatusError{Status: resp.StatusCode, Body: string(raw)}
		return errs.E(op, kindFor(resp.StatusCode), se)
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return errs.E(op, errs.Internal, err)
		}
	}
	return nil
}

func kindFor(status int) errs.Kind {
	switch {
	case status == http.StatusNotFound:
		return errs.NotFound
	case status == http.StatusConflict:
		return errs.Conflict
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return errs.Unauthorized
	case status == http.StatusUnprocessableEntity || status == http.StatusBadRequest:
		return errs.Invalid
	case status == http.StatusTooManyRequests || status >= 500:
		return errs.Unavailable
	default:
		return errs.Other
	}
}

// BearerAuth returns an Auth func that sets an Authorization bearer token.
func BearerAuth(token string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

// HeaderAuth returns an Auth func that sets a single API key header.
func HeaderAuth(name, value string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set(name, value) }
}

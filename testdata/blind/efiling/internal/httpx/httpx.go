// Package httpx is the small HTTP toolkit shared by the JSON provider clients
// (mail, SMS). It builds requests against a base URL, applies functional
// request options and forwards everything through a Doer so transports can be
// decorated (retries, logging) without the clients knowing.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// RequestOption mutates an outgoing request before it is sent.
type RequestOption func(*http.Request)

// WithHeader sets a single header on the request.
func WithHeader(key, value string) RequestOption {
	return func(r *http.Request) {
		r.Header.Set(key, value)
	}
}

// WithIdempotencyKey sets the Idempotency-Key header understood by providers
// that deduplicate POSTs.
func WithIdempotencyKey(key string) RequestOption {
	return WithHeader("Idempotency-Key", key)
}

// WithBearer sets an Authorization: Bearer header.
func WithBearer(token string) RequestOption {
	return WithHeader("Authorization", "Bearer "+token)
}

// WithBasicAuth sets HTTP basic credentials.
func WithBasicAuth(user, pass string) RequestOption {
	return func(r *http.Request) {
		r.SetBasicAuth(user, pass)
	}
}

// Client binds a base URL, a Doer and default options.
type Client struct {
	base     string
	doer     Doer
	defaults []RequestOption
}

// New returns a Client for base. Defaults are applied to every request before
// per-call options, so a call can override a default header.
func New(base string, doer Doer, defaults ...RequestOption) *Client {
	if doer == nil {
		doer = http.DefaultClient
	}
	return &Client{base: base, doer: doer, defaults: defaults}
}

// NewRequest builds a request for the given path relative to the client's base
// URL. A non-nil body is encoded as JSON.
func (c *Client) NewRequest(ctx context.Context, method, path string, body any, opts ...RequestOption) (*http.Request, error) {
	u, err := url.JoinPath(c.base, path)
	if err != nil {
		return nil, fmt.Errorf("httpx: join %q: %w", path, err)
	}

	var rdr io.Reader
	var payload []byte
	if body != nil {
		payload, err = json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("httpx: encode body: %w", err)
		}
		rdr = bytes.NewReader(payload)
	}

	req, err := http.NewRequestWithContext(ctx, method, u, rdr)
	if err != nil {
		return nil, err
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
		req.GetBody = func() (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(payload)), nil
		}
	}
	req.Header.Set("Accept", "application/json")

	for _, o := range c.defaults {
		o(req)
	}
	for _, o := range opts {
		o(req)
	}
	return req, nil
}

// Doer is the subset of *http.Client the clients depend on.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// StatusError is returned by Send for non-2xx responses.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("httpx: unexpected status %d: %s", e.Code, e.Body)
}

const maxErrorBody = 4 << 10

// Send forwards req through the client's Doer and decodes a JSON response into
// out when out is non-nil.
func (c *Client) Send(req *http.Request, out any) error {
	resp, err := c.doer.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		return &StatusError{Code: resp.StatusCode, Body: string(b)}
	}
	if out == nil || resp.StatusCode == http.StatusNoContent {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("httpx: decode response: %w", err)
	}
	return nil
}

// Retrying decorates a Doer with bounded retries on transport errors, 429 and
// 5xx responses. The request body is rewound with GetBody between attempts
// and every header, including Idempotency-Key, is resent unchanged.
type Retrying struct {
	Next     Doer
	Attempts int
	Backoff  time.Duration
}

// Do implements Doer.
func (r Retrying) Do(req *http.Request) (*http.Response, error) {
	attempts := r.Attempts
	if attempts < 1 {
		attempts = 1
	}
	var lastErr error
	for i := 0; i < attempts; i++ {
		if i > 0 {
			if req.GetBody != nil {
				body, err := req.GetBody()
				if err != nil {
					return nil, err
				}
				req.Body = body
			}
			select {
			case <-req.Context().Done():
				return nil, req.Context().Err()
			case <-time.After(r.Backoff * time.Duration(1<<(i-1))):
			}
		}
		resp, err := r.Next.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			if i == attempts-1 {
				return resp, nil
			}
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxErrorBody))
			resp.Body.Close()
			lastErr = fmt.Errorf("httpx: status %d", resp.StatusCode)
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

// NewTransport returns the default Doer stack used by provider clients.
func NewTransport(timeout time.Duration, attempts int) Doer {
	return Retrying{
		Next:     &http.Client{Timeout: timeout},
		Attempts: attempts,
		Backoff:  250 * time.Millisecond,
	}
}

// Package httpx holds the small HTTP client toolkit the provider clients
// share: a Doer abstraction, a retrying decorator and a JSON round trip.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Doer is the subset of *http.Client the providers use.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// RetryOption configures Retrying.
type RetryOption func(*retrying)

// WithAttempts sets the total number of attempts, including the first.
func WithAttempts(n int) RetryOption { return func(r *retrying) { r.attempts = n } }

// WithBackoff sets the base delay; attempt k waits base * 2^(k-1).
func WithBackoff(base time.Duration) RetryOption { return func(r *retrying) { r.base = base } }

type retrying struct {
	next     Doer
	attempts int
	base     time.Duration
}

// Retrying decorates next so requests that fail with a transport error or a
// 502/503/504 are sent again with the same body and headers. Requests must
// have GetBody set when they carry a body (http.NewRequest does this for
// bytes.Reader bodies).
func Retrying(next Doer, opts ...RetryOption) Doer {
	r := &retrying{next: next, attempts: 3, base: 200 * time.Millisecond}
	for _, o := range opts {
		o(r)
	}
	return r
}

func (r *retrying) Do(req *http.Request) (*http.Response, error) {
	var lastErr error
	for attempt := 1; attempt <= r.attempts; attempt++ {
		if attempt > 1 {
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
			case <-time.After(r.base << (attempt - 2)):
			}
		}
		resp, err := r.next.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		switch resp.StatusCode {
		case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			lastErr = fmt.Errorf("httpx: %s %s: %s", req.Method, req.URL.Path, resp.Status)
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

// StatusError is returned by JSON for non-2xx responses.
type StatusError struct {
	Method string
	URL    string
	Code   int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: status %d: %s", e.Method, e.URL, e.Code, e.Body)
}

// JSON sends in as a JSON body (when non-nil) and decodes a 2xx response
// into out (when non-nil).
func JSON(ctx context.Context, d Doer, method, url string, header http.Header, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("httpx: encode %T: %w", in, err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return err
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := d.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return &StatusError{Method: method, URL: url, Code: resp.StatusCode, Body: string(msg)}
	}
	if out == nil {
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("httpx: decode %s %s: %w", method, url, err)
	}
	return nil
}

// DefaultClient is the base transport for provider clients.
func DefaultClient(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout}
}

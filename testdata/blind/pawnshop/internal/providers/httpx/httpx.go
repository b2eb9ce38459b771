// Package httpx is the JSON-over-HTTP plumbing the provider clients share:
// a Doer abstraction, a retrying decorator and a typed status error.
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

// Doer is satisfied by *http.Client and by the decorators below.
type Doer interface {
	Do(req *http.Request) (*http.Response, error)
}

// DoerFunc adapts a function to Doer.
type DoerFunc func(req *http.Request) (*http.Response, error)

func (f DoerFunc) Do(req *http.Request) (*http.Response, error) { return f(req) }

// StatusError is a non-2xx response.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("http %d: %s", e.Status, e.Body)
}

// Retrying re-sends requests that are safe to repeat: idempotent methods, or
// any request carrying an Idempotency-Key header, since the provider will
// collapse the repeats.
func Retrying(next Doer, attempts int, backoff time.Duration) Doer {
	return DoerFunc(func(req *http.Request) (*http.Response, error) {
		if !replayable(req) || attempts <= 1 {
			return next.Do(req)
		}
		var lastErr error
		for i := 0; i < attempts; i++ {
			if i > 0 {
				if err := sleep(req.Context(), backoff*time.Duration(1<<(i-1))); err != nil {
					return nil, err
				}
				if req.GetBody != nil {
					body, err := req.GetBody()
					if err != nil {
						return nil, err
					}
					req.Body = body
				}
			}
			resp, err := next.Do(req)
			if err == nil && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
				return resp, nil
			}
			if err == nil {
				lastErr = &StatusError{Status: resp.StatusCode}
				if i == attempts-1 {
					return resp, nil
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				continue
			}
			lastErr = err
		}
		return nil, lastErr
	})
}

func replayable(req *http.Request) bool {
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete:
		return true
	}
	return req.Header.Get("Idempotency-Key") != ""
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// JSON sends in as the JSON body (if non-nil) and decodes a 2xx response into
// out (if non-nil).
func JSON(ctx context.Context, d Doer, method, url string, header http.Header, in, out any) error {
	var body io.Reader
	var raw []byte
	if in != nil {
		var err error
		raw, err = json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		body = bytes.NewReader(raw)
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
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")

	resp, err := d.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	respBody, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("read response: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{Status: resp.StatusCode, Body: string(respBody)}
	}
	if out == nil || len(respBody) == 0 {
		return nil
	}
	if err := json.Unmarshal(respBody, out); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}

// DefaultClient is the base transport for provider clients.
func DefaultClient(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout}
}

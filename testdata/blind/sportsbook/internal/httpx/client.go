// Package httpx contains the JSON-over-HTTP plumbing shared by the partner
// clients.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Method string
	URL    string
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: status %d: %s", e.Method, e.URL, e.Status, e.Body)
}

// Temporary reports whether the request may succeed if sent again.
func (e *StatusError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Retryable reports whether err is worth another attempt: transport errors
// and 429/5xx responses.
func Retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Temporary()
	}
	return !errors.Is(err, context.Canceled)
}

// Policy configures retry-go for partner calls.
type Policy struct {
	Attempts uint
	Delay    time.Duration
	MaxDelay time.Duration
}

// DefaultPolicy is used when a client is built without one.
var DefaultPolicy = Policy{Attempts: 4, Delay: 200 * time.Millisecond, MaxDelay: 3 * time.Second}

// Options turns the policy into retry-go options bound to ctx.
func (p Policy) Options(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(p.Attempts),
		retry.Delay(p.Delay),
		retry.MaxDelay(p.MaxDelay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(Retryable),
	}
}

// Request describes one JSON call.
type Request struct {
	Method  string
	URL     string
	Body    any
	Headers http.Header
}

// DoJSON sends req and decodes a JSON response into out (which may be nil).
func DoJSON(ctx context.Context, hc *http.Client, req Request, out any) error {
	var body io.Reader
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("httpx: marshal: %w", err)
		}
		body = bytes.NewReader(b)
	}
	httpReq, err := http.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return err
	}
	for k, vs := range req.Headers {
		for _, v := range vs {
			httpReq.Header.Add(k, v)
		}
	}
	if req.Body != nil {
		httpReq.Header.Set("Content-Type", "application/json")
	}
	httpReq.Header.Set("Accept", "application/json")

	resp, err := hc.Do(httpReq)
	if err != nil {
		return fmt.Errorf("httpx: %s %s: %w", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("httpx: read body: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{Method: req.Method, URL: req.URL, Status: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("httpx: decode %s %s: %w", req.Method, req.URL, err)
	}
	return nil
}

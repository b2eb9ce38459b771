// Package httpclient is the small JSON-over-HTTP helper our partner
// clients share. It deliberately does not retry: retries happen at the job
// or caller level, where the caller knows whether the call is safe to
// repeat.
package httpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Doer is satisfied by *http.Client.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Default returns an *http.Client with conservative timeouts.
func Default() *http.Client {
	return &http.Client{
		Timeout: 20 * time.Second,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: 8,
			IdleConnTimeout:     90 * time.Second,
			TLSHandshakeTimeout: 5 * time.Second,
		},
	}
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Status int
	Code   string
	Body   string
}

func (e *StatusError) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("http %d: %s", e.Status, e.Code)
	}
	return fmt.Sprintf("http %d: %s", e.Status, e.Body)
}

// Retryable reports whether the failure is transient (429, 5xx).
func (e *StatusError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// IsRetryable reports whether err is worth retrying: transport errors and
// retryable status errors.
func IsRetryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Retryable()
	}
	return err != nil
}

// Request describes one JSON call.
type Request struct {
	Method  string
	URL     string
	Headers map[string]string
	Body    any
}

// Do sends req and decodes a 2xx JSON response into out (which may be nil).
func Do(ctx context.Context, d Doer, req Request, out any) error {
	var body io.Reader
	if req.Body != nil {
		buf, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		body = bytes.NewReader(buf)
	}
	hreq, err := http.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return err
	}
	hreq.Header.Set("Accept", "application/json")
	if req.Body != nil {
		hreq.Header.Set("Content-Type", "application/json")
	}
	for k, v := range req.Headers {
		if v != "" {
			hreq.Header.Set(k, v)
		}
	}
	resp, err := d.Do(hreq)
	if err != nil {
		return fmt.Errorf("%s %s: %w", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("read response: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		se := &StatusError{Status: resp.StatusCode, Body: truncate(string(raw), 512)}
		var envelope struct {
			Error struct {
				Code string `json:"code"`
			} `json:"error"`
		}
		if json.Unmarshal(raw, &envelope) == nil {
			se.Code = envelope.Error.Code
		}
		return se
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

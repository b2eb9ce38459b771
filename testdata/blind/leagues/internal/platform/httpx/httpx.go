// Package httpx holds the small JSON-over-HTTP helpers shared by the provider
// clients, plus error classification used by the retry policy.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// APIError is a non-2xx response from a provider.
type APIError struct {
	Provider   string
	StatusCode int
	Code       string
	Message    string
	Body       string
}

func (e *APIError) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("%s: http %d: %s: %s", e.Provider, e.StatusCode, e.Code, e.Message)
	}
	return fmt.Sprintf("%s: http %d: %s", e.Provider, e.StatusCode, truncate(e.Body, 200))
}

// Temporary reports whether the error is worth retrying.
func (e *APIError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// Request describes one JSON call.
type Request struct {
	Provider string
	Method   string
	URL      string
	Header   http.Header
	Body     any
}

// NewClient returns an *http.Client with sane transport defaults.
func NewClient(timeout time.Duration) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 16
	tr.IdleConnTimeout = 90 * time.Second
	return &http.Client{Timeout: timeout, Transport: tr}
}

// DoJSON sends req and decodes a 2xx JSON response into out (which may be nil).
func DoJSON(ctx context.Context, c *http.Client, req Request, out any) error {
	var body io.Reader
	if req.Body != nil {
		buf, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("%s: encode request: %w", req.Provider, err)
		}
		body = bytes.NewReader(buf)
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return fmt.Errorf("%s: build request: %w", req.Provider, err)
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			hr.Header.Add(k, v)
		}
	}
	if req.Body != nil {
		hr.Header.Set("Content-Type", "application/json")
	}
	hr.Header.Set("Accept", "application/json")

	resp, err := c.Do(hr)
	if err != nil {
		return fmt.Errorf("%s: %s %s: %w", req.Provider, req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s: read response: %w", req.Provider, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{Provider: req.Provider, StatusCode: resp.StatusCode, Body: string(raw)}
		var env struct {
			Code      string `json:"code"`
			ErrorCode string `json:"errorCode"`
			Message   string `json:"message"`
		}
		if json.Unmarshal(raw, &env) == nil {
			apiErr.Code = env.Code
			if apiErr.Code == "" {
				apiErr.Code = env.ErrorCode
			}
			apiErr.Message = env.Message
		}
		return apiErr
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%s: decode response: %w", req.Provider, err)
	}
	return nil
}

// IsRetryable classifies errors from DoJSON: transport failures, timeouts,
// 429 and 5xx are retryable; everything else is not.
func IsRetryable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.Canceled) {
		return false
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Temporary()
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	return false
}

// StatusCode extracts the HTTP status from an APIError, or 0.
func StatusCode(err error) int {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode
	}
	return 0
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

package httpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// APIError is a non-2xx answer from a provider.
type APIError struct {
	Provider   string
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
	Body       []byte `json:"-"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: http %d: %s %s", e.Provider, e.StatusCode, e.Code, e.Message)
}

// Retryable reports whether the provider signalled a transient failure.
func (e *APIError) Retryable() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// Request describes one JSON call.
type Request struct {
	Provider string
	Method   string
	URL      string
	Headers  http.Header
	Body     any
}

// DoJSON sends req and decodes a 2xx JSON response into out. Non-2xx answers
// come back as *APIError with the raw body attached.
func DoJSON(ctx context.Context, c *retryablehttp.Client, req Request, out any) error {
	var body io.Reader
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("%s: encode request: %w", req.Provider, err)
		}
		body = bytes.NewReader(b)
	}
	hr, err := retryablehttp.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return fmt.Errorf("%s: build request: %w", req.Provider, err)
	}
	for k, vs := range req.Headers {
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
		apiErr := &APIError{Provider: req.Provider, StatusCode: resp.StatusCode, Body: raw}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%s: decode response: %w", req.Provider, err)
		}
	}
	return nil
}

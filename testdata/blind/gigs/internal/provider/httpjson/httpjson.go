// Package httpjson is the small JSON-over-HTTP core shared by the provider
// clients: request encoding, auth, status handling and metrics.
package httpjson

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gigbridge/escrow/internal/metrics"
)

// APIError is a non-2xx answer from a provider.
type APIError struct {
	Provider   string
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: http %d: %s: %s", e.Provider, e.StatusCode, e.Code, e.Message)
}

// Retryable reports whether the request may succeed if sent again.
func (e *APIError) Retryable() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode == http.StatusConflict && e.Code == "idempotency_in_progress" || e.StatusCode >= 500
}

// Client talks JSON to one provider.
type Client struct {
	Provider string
	BaseURL  string
	APIKey   string
	HTTP     *http.Client
	Metrics  *metrics.Recorder
}

// New returns a client with a sane default timeout.
func New(provider, baseURL, apiKey string, rec *metrics.Recorder) *Client {
	return &Client{
		Provider: provider,
		BaseURL:  strings.TrimRight(baseURL, "/"),
		APIKey:   apiKey,
		HTTP:     &http.Client{Timeout: 15 * time.Second},
		Metrics:  rec,
	}
}

// Call describes one request.
type Call struct {
	Method   string
	Path     string
	Endpoint string // metric label; defaults to Path
	Header   http.Header
	Body     any
}

// Do sends the call and decodes a 2xx body into out (when out is non-nil).
func (c *Client) Do(ctx context.Context, call Call, out any) error {
	var body io.Reader
	if call.Body != nil {
		buf, err := json.Marshal(call.Body)
		if err != nil {
			return fmt.Errorf("%s: encode %s: %w", c.Provider, call.Path, err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, call.Method, c.BaseURL+call.Path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if call.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	for k, vs := range call.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	endpoint := call.Endpoint
	if endpoint == "" {
		endpoint = call.Path
	}

	resp, err := c.HTTP.Do(req)
	if err != nil {
		c.Metrics.ProviderRequest(c.Provider, endpoint, 0)
		return fmt.Errorf("%s: %s %s: %w", c.Provider, call.Method, endpoint, err)
	}
	defer resp.Body.Close()
	c.Metrics.ProviderRequest(c.Provider, endpoint, resp.StatusCode)

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s: read %s: %w", c.Provider, endpoint, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{Provider: c.Provider, StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		if apiErr.Message == "" {
			apiErr.Message = http.StatusText(resp.StatusCode)
		}
		return apiErr
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%s: decode %s: %w", c.Provider, endpoint, err)
	}
	return nil
}

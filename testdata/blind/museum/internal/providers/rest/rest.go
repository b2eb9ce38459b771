// Package rest is the small JSON-over-HTTP layer shared by the provider
// clients.
package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
)

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Provider  string
	Operation string
	Status    int
	Body      []byte
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: unexpected status %d: %s", e.Provider, e.Operation, e.Status, truncate(e.Body, 300))
}

// Temporary reports whether a retry of the same request may succeed.
func (e *StatusError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func truncate(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "..."
}

type Client struct {
	Provider string
	BaseURL  string
	HTTP     *http.Client
	Metrics  *metrics.Registry
	// Decorate is applied to every outgoing request (auth headers etc.).
	Decorate func(*http.Request)
}

func New(provider, baseURL string, timeout time.Duration, m *metrics.Registry, decorate func(*http.Request)) *Client {
	return &Client{
		Provider: provider,
		BaseURL:  baseURL,
		HTTP:     &http.Client{Timeout: timeout},
		Metrics:  m,
		Decorate: decorate,
	}
}

// Call sends body as JSON and decodes a 2xx response into out. Extra
// headers are added after Decorate.
func (c *Client) Call(ctx context.Context, operation, method, path string, headers http.Header, body, out any) (int, error) {
	var rdr io.Reader
	if body != nil {
		buf, err := json.Marshal(body)
		if err != nil {
			return 0, fmt.Errorf("%s %s: marshal: %w", c.Provider, operation, err)
		}
		rdr = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, rdr)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.Decorate != nil {
		c.Decorate(req)
	}
	for k, vs := range headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}

	start := time.Now()
	resp, err := c.HTTP.Do(req)
	status := "error"
	if resp != nil {
		status = strconv.Itoa(resp.StatusCode)
	}
	if c.Metrics != nil {
		c.Metrics.ProviderCalls.WithLabelValues(c.Provider, operation, status).Observe(time.Since(start).Seconds())
	}
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w", c.Provider, operation, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return resp.StatusCode, fmt.Errorf("%s %s: read body: %w", c.Provider, operation, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, &StatusError{Provider: c.Provider, Operation: operation, Status: resp.StatusCode, Body: raw}
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s %s: decode: %w", c.Provider, operation, err)
		}
	}
	return resp.StatusCode, nil
}

// Package apiclient is the small JSON-over-HTTP transport shared by the
// provider clients.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Error is returned for any non-2xx response.
type Error struct {
	Provider   string
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *Error) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("%s: %d %s: %s", e.Provider, e.StatusCode, e.Code, e.Message)
	}
	return fmt.Sprintf("%s: http %d", e.Provider, e.StatusCode)
}

// Temporary reports whether the request may succeed if sent again.
func (e *Error) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// Client is a base URL plus an http.Client and default headers.
type Client struct {
	Provider string
	BaseURL  string
	HTTP     *http.Client
	Header   http.Header
}

func New(provider, baseURL string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 15 * time.Second}
	}
	return &Client{
		Provider: provider,
		BaseURL:  strings.TrimRight(baseURL, "/"),
		HTTP:     hc,
		Header:   http.Header{},
	}
}

// Request describes one call.
type Request struct {
	Method string
	Path   string
	Body   any
	Header http.Header
}

// Do sends req, decoding a JSON response into out when out is non-nil.
func (c *Client) Do(ctx context.Context, req Request, out any) error {
	var body io.Reader
	if req.Body != nil {
		buf, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("%s: encode request: %w", c.Provider, err)
		}
		body = bytes.NewReader(buf)
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, c.BaseURL+req.Path, body)
	if err != nil {
		return err
	}
	for k, vs := range c.Header {
		for _, v := range vs {
			hr.Header.Add(k, v)
		}
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			hr.Header.Set(k, v)
		}
	}
	if req.Body != nil {
		hr.Header.Set("Content-Type", "application/json")
	}
	hr.Header.Set("Accept", "application/json")

	resp, err := c.HTTP.Do(hr)
	if err != nil {
		return fmt.Errorf("%s: %w", c.Provider, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s: read response: %w", c.Provider, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &Error{Provider: c.Provider, StatusCode: resp.StatusCode}
		_ = json.Unmarshal(data, apiErr)
		return apiErr
	}
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("%s: decode response: %w", c.Provider, err)
		}
	}
	return nil
}

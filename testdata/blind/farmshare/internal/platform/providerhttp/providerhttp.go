// Package providerhttp is the JSON-over-HTTP plumbing shared by the partner
// clients in internal/providers.
package providerhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// APIError is a non-2xx answer from a partner.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Msg    string `json:"message"`
	Body   string `json:"-"`
}

func (e *APIError) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("partner returned %d %s: %s", e.Status, e.Code, e.Msg)
	}
	return fmt.Sprintf("partner returned %d: %s", e.Status, e.Body)
}

// Temporary reports whether the request may succeed if sent again.
func (e *APIError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Client sends JSON requests to one partner.
type Client struct {
	BaseURL string
	HTTP    *http.Client
	// Auth decorates every outgoing request (API key header, basic auth...).
	Auth func(*http.Request)
}

// New returns a client with a sensible timeout.
func New(baseURL string, auth func(*http.Request)) *Client {
	return &Client{BaseURL: baseURL, HTTP: &http.Client{Timeout: 20 * time.Second}, Auth: auth}
}

// Do sends method path with in as the JSON body and decodes the answer into
// out. Extra headers are applied last.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, headers http.Header) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Auth != nil {
		c.Auth(req)
	}
	for k, vs := range headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}

	resp, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("read response: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{Status: resp.StatusCode, Body: string(raw)}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("decode response: %w", err)
		}
	}
	return nil
}

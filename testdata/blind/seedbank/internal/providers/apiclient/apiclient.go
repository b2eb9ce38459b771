// Package apiclient is the thin JSON-over-HTTP base the provider clients
// share.
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

// Client sends authenticated JSON requests to one provider.
type Client struct {
	BaseURL string
	HTTP    *http.Client
	// auth decorates each outgoing request with credentials.
	auth func(req *http.Request)
}

func New(baseURL string, timeout time.Duration, auth func(*http.Request)) *Client {
	return &Client{
		BaseURL: strings.TrimRight(baseURL, "/"),
		HTTP:    &http.Client{Timeout: timeout},
		auth:    auth,
	}
}

// HeaderAuth sets an API-key header, e.g. HeaderAuth("Authorization", "Bearer "+key).
func HeaderAuth(name, value string) func(*http.Request) {
	return func(req *http.Request) { req.Header.Set(name, value) }
}

// Error is a non-2xx answer from a provider.
type Error struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("provider answered %d %s: %s", e.Status, e.Code, e.Message)
}

// Temporary reports whether the request may succeed if sent again.
func (e *Error) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Do sends method path with body encoded as JSON and decodes the answer into
// out. headers are added after authentication.
func (c *Client) Do(ctx context.Context, method, path string, body any, out any, headers http.Header) error {
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		rdr = bytes.NewReader(b)
	}

	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, rdr)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "furrowline-seedbank/1.0")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.auth != nil {
		c.auth(req)
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

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("read response: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &Error{Status: resp.StatusCode}
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

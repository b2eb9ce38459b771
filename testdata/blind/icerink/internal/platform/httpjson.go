package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// JSONClient is the thin HTTP wrapper every provider client embeds.
type JSONClient struct {
	BaseURL string
	HTTP    *http.Client
	// Decorate adds auth and any per-provider headers to each request.
	Decorate func(req *http.Request)
}

func NewJSONClient(baseURL string, timeout time.Duration, decorate func(*http.Request)) *JSONClient {
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	return &JSONClient{
		BaseURL:  baseURL,
		HTTP:     &http.Client{Timeout: timeout},
		Decorate: decorate,
	}
}

// APIError is returned for any non-2xx response.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("provider responded %d: %s", e.Status, e.Body)
}

// Retryable reports whether the caller may try again later.
func (e *APIError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Do sends in as JSON (when non-nil) and decodes the response into out
// (when non-nil). headers are applied after Decorate.
func (c *JSONClient) Do(ctx context.Context, method, path string, in, out any, headers http.Header) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Decorate != nil {
		c.Decorate(req)
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
	if resp.StatusCode/100 != 2 {
		return &APIError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("decode response: %w", err)
		}
	}
	return nil
}

// BearerAuth returns a Decorate func that sets a bearer token.
func BearerAuth(token string) func(*http.Request) {
	return func(r *http.Request) {
		r.Header.Set("Authorization", "Bearer "+token)
	}
}

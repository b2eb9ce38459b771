// Package httpc is the small JSON-over-HTTP core shared by the provider
// clients.
package httpc

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
	Do(req *http.Request) (*http.Response, error)
}

// APIError is a non-2xx response from a provider.
type APIError struct {
	Provider string
	Status   int
	Code     string
	Message  string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: HTTP %d %s: %s", e.Provider, e.Status, e.Code, e.Message)
}

// Temporary reports whether retrying the call may succeed.
func (e *APIError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// IsTemporary reports whether err is a temporary provider error or a
// transport failure.
func IsTemporary(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Temporary()
	}
	return err != nil && !errors.Is(err, context.Canceled)
}

// Client sends JSON requests to one provider.
type Client struct {
	Provider   string
	BaseURL    string
	HTTP       Doer
	Retries    int
	RetryDelay time.Duration
	UserAgent  string
	// Authorize adds credentials to each request.
	Authorize func(req *http.Request)
	// DecodeError turns an error body into code and message.
	DecodeError func(body []byte) (code, message string)
}

// Request is one call.
type Request struct {
	Method string
	Path   string
	Body   any
	Header http.Header
}

// Do sends req, retrying transport errors and 5xx responses with the same
// body and headers, and decodes a 2xx body into out.
func (c *Client) Do(ctx context.Context, req Request, out any) error {
	var payload []byte
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("%s: marshal: %w", c.Provider, err)
		}
		payload = b
	}
	var lastErr error
	for attempt := 0; attempt <= c.Retries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(c.RetryDelay * time.Duration(attempt)):
			}
		}
		lastErr = c.once(ctx, req, payload, out)
		if lastErr == nil || !IsTemporary(lastErr) {
			return lastErr
		}
	}
	return lastErr
}

func (c *Client) once(ctx context.Context, req Request, payload []byte, out any) error {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	httpReq, err := http.NewRequestWithContext(ctx, req.Method, c.BaseURL+req.Path, body)
	if err != nil {
		return err
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			httpReq.Header.Add(k, v)
		}
	}
	if payload != nil {
		httpReq.Header.Set("Content-Type", "application/json")
	}
	httpReq.Header.Set("Accept", "application/json")
	if c.UserAgent != "" {
		httpReq.Header.Set("User-Agent", c.UserAgent)
	}
	if c.Authorize != nil {
		c.Authorize(httpReq)
	}
	resp, err := c.HTTP.Do(httpReq)
	if err != nil {
		return fmt.Errorf("%s: %s %s: %w", c.Provider, req.Method, req.Path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("%s: read body: %w", c.Provider, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{Provider: c.Provider, Status: resp.StatusCode}
		if c.DecodeError != nil {
			apiErr.Code, apiErr.Message = c.DecodeError(raw)
		} else {
			apiErr.Message = string(raw)
		}
		return apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%s: decode response: %w", c.Provider, err)
		}
	}
	return nil
}

// DefaultHTTPClient is used when a provider client is built without one.
func DefaultHTTPClient(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout}
}

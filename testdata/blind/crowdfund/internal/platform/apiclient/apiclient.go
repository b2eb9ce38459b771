// Package apiclient holds the small JSON-over-HTTP plumbing shared by the
// partner API adapters (carrier, bank, mail).
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

// Client is a base URL plus headers applied to every request.
type Client struct {
	BaseURL string
	HTTP    *http.Client
	Headers map[string]string
	// Decorate, when set, runs on every outgoing request after the body is
	// attached (signing, tracing).
	Decorate func(req *http.Request, body []byte)
}

func New(baseURL string, timeout time.Duration, headers map[string]string) *Client {
	return &Client{
		BaseURL: strings.TrimRight(baseURL, "/"),
		HTTP:    &http.Client{Timeout: timeout},
		Headers: headers,
	}
}

// RequestOption adjusts one outgoing request.
type RequestOption func(*http.Request)

func Header(key, value string) RequestOption {
	return func(r *http.Request) {
		if value != "" {
			r.Header.Set(key, value)
		}
	}
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Method string
	Path   string
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: status %d: %s", e.Method, e.Path, e.Status, e.Body)
}

// Do sends in as JSON and decodes the response into Resp.
func Do[Resp any](ctx context.Context, c *Client, method, path string, in any, opts ...RequestOption) (Resp, error) {
	var out Resp
	var body []byte
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return out, err
		}
		body = b
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, bytes.NewReader(body))
	if err != nil {
		return out, err
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range c.Headers {
		req.Header.Set(k, v)
	}
	for _, o := range opts {
		o(req)
	}
	if c.Decorate != nil {
		c.Decorate(req, body)
	}

	resp, err := c.HTTP.Do(req)
	if err != nil {
		return out, fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return out, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return out, &StatusError{Method: method, Path: path, Status: resp.StatusCode, Body: string(raw)}
	}
	if len(raw) == 0 {
		return out, nil
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, fmt.Errorf("%s %s: decode: %w", method, path, err)
	}
	return out, nil
}

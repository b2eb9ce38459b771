// Package httpjson is the small JSON-over-HTTP client the partner
// integrations share.
package httpjson

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Options configures a Client.
type Options struct {
	BaseURL    string
	Timeout    time.Duration
	HTTPClient *http.Client
	// Authorize decorates every request, typically with credentials.
	Authorize func(*http.Request)
	UserAgent string
}

// Client does JSON requests against one base URL.
type Client struct {
	base      string
	hc        *http.Client
	authorize func(*http.Request)
	ua        string
}

// New builds a Client.
func New(opts Options) *Client {
	hc := opts.HTTPClient
	if hc == nil {
		timeout := opts.Timeout
		if timeout == 0 {
			timeout = 15 * time.Second
		}
		hc = &http.Client{Timeout: timeout}
	}
	ua := opts.UserAgent
	if ua == "" {
		ua = "plotkeeper/1.0"
	}
	authorize := opts.Authorize
	if authorize == nil {
		authorize = func(*http.Request) {}
	}
	return &Client{base: opts.BaseURL, hc: hc, authorize: authorize, ua: ua}
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Method string
	Path   string
	Code   int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: status %d: %s", e.Method, e.Path, e.Code, e.Body)
}

// Do sends in as JSON (when non-nil) with the extra headers and decodes the
// response into out (when non-nil). It returns the HTTP status code.
func (c *Client) Do(ctx context.Context, method, path string, headers http.Header, in, out any) (int, error) {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return 0, fmt.Errorf("httpjson: encode: %w", err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return 0, err
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.ua)
	for k, vs := range headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	c.authorize(req)

	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
		return resp.StatusCode, &StatusError{Method: method, Path: path, Code: resp.StatusCode, Body: string(snippet)}
	}
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			return resp.StatusCode, fmt.Errorf("httpjson: decode %s %s: %w", method, path, err)
		}
	}
	return resp.StatusCode, nil
}

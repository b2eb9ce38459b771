package payout

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/sendhome/remit/internal/platform/retry"
)

// ClientOption configures a partner HTTP client.
type ClientOption func(*httpClient)

func WithHTTPClient(h *http.Client) ClientOption { return func(c *httpClient) { c.http = h } }
func WithAPIKey(k string) ClientOption           { return func(c *httpClient) { c.apiKey = k } }
func WithUserAgent(ua string) ClientOption       { return func(c *httpClient) { c.userAgent = ua } }
func WithTimeout(d time.Duration) ClientOption {
	return func(c *httpClient) { c.http = &http.Client{Timeout: d, Transport: c.http.Transport} }
}

type httpClient struct {
	base      string
	apiKey    string
	userAgent string
	http      *http.Client
}

func newHTTPClient(base string, opts []ClientOption) *httpClient {
	c := &httpClient{base: base, userAgent: "sendhome-remit/1.0", http: &http.Client{Timeout: 20 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

type statusError struct {
	Code int
	Body string
}

func (e *statusError) Error() string { return fmt.Sprintf("partner http %d: %s", e.Code, e.Body) }

// do sends a JSON request and decodes a JSON response. 4xx responses other
// than 409/429 are permanent; everything else may be retried by the caller.
func (c *httpClient) do(ctx context.Context, method, path string, headers map[string]string, in, out any) (int, error) {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return 0, retry.Permanent(err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return 0, retry.Permanent(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if resp.StatusCode >= 300 {
		se := &statusError{Code: resp.StatusCode, Body: string(bytes.TrimSpace(raw))}
		if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != 409 && resp.StatusCode != 429 {
			return resp.StatusCode, retry.Permanent(fmt.Errorf("%w: %v", ErrRejected, se))
		}
		return resp.StatusCode, se
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, retry.Permanent(fmt.Errorf("partner: decode: %w", err))
		}
	}
	return resp.StatusCode, nil
}

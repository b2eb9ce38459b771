// Package provider is the shared JSON-over-HTTP plumbing for partner APIs.
// It is built on go-retryablehttp, which retries connection errors and
// 5xx/429 responses with jittered backoff.
package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type Options struct {
	Name         string
	BaseURL      string
	Timeout      time.Duration
	RetryMax     int
	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	Logger       *slog.Logger
}

// Client wraps a retryablehttp.Client for one partner.
type Client struct {
	name    string
	baseURL string
	http    *retryablehttp.Client
}

func New(o Options) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = o.RetryMax
	if rc.RetryMax == 0 {
		rc.RetryMax = 3
	}
	if o.RetryWaitMin > 0 {
		rc.RetryWaitMin = o.RetryWaitMin
	}
	if o.RetryWaitMax > 0 {
		rc.RetryWaitMax = o.RetryWaitMax
	}
	if o.Timeout > 0 {
		rc.HTTPClient.Timeout = o.Timeout
	}
	rc.Logger = nil
	if o.Logger != nil {
		rc.Logger = o.Logger.With("provider", o.Name)
	}
	rc.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return &Client{name: o.Name, baseURL: o.BaseURL, http: rc}
}

// Do sends in as JSON (when non-nil) and decodes the response into out
// (when non-nil).
func (c *Client) Do(ctx context.Context, method, path string, hdr http.Header, in, out any) error {
	var body []byte
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("%s: encode: %w", c.name, err)
		}
		body = b
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	for k, vs := range hdr {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s %s: %w", c.name, method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("%s: read body: %w", c.name, err)
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s: HTTP %d: %s", c.name, resp.StatusCode, bytes.TrimSpace(raw))
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%s: decode: %w", c.name, err)
		}
	}
	return nil
}

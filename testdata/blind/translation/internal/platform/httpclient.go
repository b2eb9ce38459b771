package platform

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

// ClientOptions configures a provider HTTP client.
type ClientOptions struct {
	Timeout  time.Duration
	RetryMax int
	WaitMin  time.Duration
	WaitMax  time.Duration
	Logger   *slog.Logger
}

// NewProviderClient builds a retrying HTTP client with the defaults used for
// every outbound provider integration.
func NewProviderClient(o ClientOptions) *retryablehttp.Client {
	c := retryablehttp.NewClient()
	if o.Timeout == 0 {
		o.Timeout = 15 * time.Second
	}
	if o.RetryMax == 0 {
		o.RetryMax = 3
	}
	if o.WaitMin == 0 {
		o.WaitMin = 200 * time.Millisecond
	}
	if o.WaitMax == 0 {
		o.WaitMax = 3 * time.Second
	}
	c.HTTPClient.Timeout = o.Timeout
	c.RetryMax = o.RetryMax
	c.RetryWaitMin = o.WaitMin
	c.RetryWaitMax = o.WaitMax
	c.Logger = nil
	if o.Logger != nil {
		c.Logger = o.Logger
	}
	c.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return c
}

// APIError is a non-2xx answer from a provider.
type APIError struct {
	Provider string
	Status   int
	Body     string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: http %d: %s", e.Provider, e.Status, e.Body)
}

// DoJSON sends in as JSON and decodes a JSON answer into out. Headers are
// applied to the request before it is sent.
func DoJSON(ctx context.Context, c *retryablehttp.Client, provider, method, url string, headers http.Header, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return err
	}
	for k, vs := range headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", provider, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return &APIError{Provider: provider, Status: resp.StatusCode, Body: string(raw)}
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%s: decode: %w", provider, err)
		}
	}
	return nil
}

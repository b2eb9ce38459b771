// Package httpx builds the retrying HTTP clients used for partner APIs and
// the JSON request helper they share.
package httpx

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Options configures a partner client.
type Options struct {
	Name     string
	Timeout  time.Duration
	RetryMax int
	Logger   *slog.Logger
}

// NewClient returns a retryablehttp client with conservative backoff. The
// client replays the same *http.Request body and headers on each attempt.
func NewClient(o Options) *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = o.RetryMax
	if c.RetryMax == 0 {
		c.RetryMax = 3
	}
	c.RetryWaitMin = 300 * time.Millisecond
	c.RetryWaitMax = 5 * time.Second
	c.HTTPClient.Timeout = o.Timeout
	if c.HTTPClient.Timeout == 0 {
		c.HTTPClient.Timeout = 20 * time.Second
	}
	if o.Logger != nil {
		c.Logger = slogAdapter{log: o.Logger.With("partner", o.Name)}
	} else {
		c.Logger = nil
	}
	c.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return c
}

// APIError is a non-2xx partner response.
type APIError struct {
	Partner    string
	StatusCode int
	Code       string
	Message    string
	Body       []byte
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: HTTP %d %s: %s", e.Partner, e.StatusCode, e.Code, e.Message)
}

// Request describes one JSON call.
type Request struct {
	Method  string
	URL     string
	Headers map[string]string
	Body    any
}

// DoJSON sends req and decodes a 2xx response into out (if non-nil).
func DoJSON(ctx context.Context, c *retryablehttp.Client, partner string, req Request, out any) error {
	var body io.Reader
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("%s: marshal request: %w", partner, err)
		}
		body = bytes.NewReader(b)
	}
	r, err := retryablehttp.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return fmt.Errorf("%s: build request: %w", partner, err)
	}
	r.Header.Set("Accept", "application/json")
	if req.Body != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	for k, v := range req.Headers {
		if v != "" {
			r.Header.Set(k, v)
		}
	}

	resp, err := c.Do(r)
	if err != nil {
		return fmt.Errorf("%s: %s %s: %w", partner, req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	respBody, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("%s: read response: %w", partner, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{Partner: partner, StatusCode: resp.StatusCode, Body: respBody}
		var env struct {
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(respBody, &env) == nil {
			apiErr.Code = env.Error.Code
			apiErr.Message = env.Error.Message
		}
		return apiErr
	}
	if out != nil && len(respBody) > 0 {
		if err := json.Unmarshal(respBody, out); err != nil {
			return fmt.Errorf("%s: decode response: %w", partner, err)
		}
	}
	return nil
}

// VerifyHMAC checks a hex-encoded HMAC-SHA256 signature over body. Partners
// prefix the value with "sha256=".
func VerifyHMAC(secret, body []byte, signature string) bool {
	signature = strings.TrimPrefix(strings.TrimSpace(signature), "sha256=")
	want, err := hex.DecodeString(signature)
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return hmac.Equal(mac.Sum(nil), want)
}

type slogAdapter struct{ log *slog.Logger }

func (a slogAdapter) Error(msg string, kv ...interface{}) { a.log.Error(msg, kv...) }
func (a slogAdapter) Info(msg string, kv ...interface{})  { a.log.Debug(msg, kv...) }
func (a slogAdapter) Debug(msg string, kv ...interface{}) { a.log.Debug(msg, kv...) }
func (a slogAdapter) Warn(msg string, kv ...interface{})  { a.log.Warn(msg, kv...) }

// IsStatus reports whether err is an APIError with the given status.
func IsStatus(err error, status int) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == status
}

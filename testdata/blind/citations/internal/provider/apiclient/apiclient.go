// Package apiclient is the small JSON-over-HTTP core shared by the provider
// clients. It knows nothing about any one provider's semantics.
package apiclient

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Error is a non-2xx answer from a provider.
type Error struct {
	Provider string
	Method   string
	Path     string
	Status   int
	Code     string
	Message  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %s %s: %d %s %s", e.Provider, e.Method, e.Path, e.Status, e.Code, e.Message)
}

// StatusCode lets retry policies classify the error without importing this package.
func (e *Error) StatusCode() int { return e.Status }

// Client performs JSON requests against one provider base URL.
type Client struct {
	Provider  string
	BaseURL   string
	HTTP      *http.Client
	Authorize func(*http.Request)
	UserAgent string
}

// New builds a Client with a sane timeout.
func New(provider, baseURL string, timeout time.Duration, authorize func(*http.Request)) *Client {
	return &Client{
		Provider:  provider,
		BaseURL:   strings.TrimRight(baseURL, "/"),
		HTTP:      &http.Client{Timeout: timeout},
		Authorize: authorize,
		UserAgent: "harborcity-citeproc/1.0",
	}
}

// Bearer returns an Authorize func that sets a bearer token.
func Bearer(token string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

// Do sends in as JSON (when non-nil) and decodes the response into out
// (when non-nil). headers are added verbatim; empty values are skipped.
func (c *Client) Do(ctx context.Context, method, path string, headers map[string]string, in, out any) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("%s: encode request: %w", c.Provider, err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, body)
	if err != nil {
		return fmt.Errorf("%s: build request: %w", c.Provider, err)
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", c.UserAgent)
	for k, v := range headers {
		if v != "" {
			req.Header.Set(k, v)
		}
	}
	if c.Authorize != nil {
		c.Authorize(req)
	}

	resp, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s %s: %w", c.Provider, method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("%s %s %s: read body: %w", c.Provider, method, path, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &Error{Provider: c.Provider, Method: method, Path: path, Status: resp.StatusCode}
		var env struct {
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(raw, &env) == nil {
			apiErr.Code, apiErr.Message = env.Error.Code, env.Error.Message
		}
		if apiErr.Message == "" {
			apiErr.Message = strings.TrimSpace(string(raw))
		}
		return apiErr
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%s %s %s: decode response: %w", c.Provider, method, path, err)
	}
	return nil
}

// VerifyHMAC checks a hex-encoded HMAC-SHA256 signature over payload.
func VerifyHMAC(secret, payload []byte, signature string) bool {
	mac := hmac.New(sha256.New, secret)
	mac.Write(payload)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil {
		return false
	}
	return hmac.Equal(want, got)
}

// Package httpx is the small JSON-over-HTTP helper used by partner clients.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

// APIError is a non-2xx answer from a partner.
type APIError struct {
	Service    string
	StatusCode int
	Code       string
	Message    string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: http %d %s: %s", e.Service, e.StatusCode, e.Code, e.Message)
}

// Temporary reports whether the partner asked us to come back later.
func (e *APIError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// NetError wraps transport failures, which are always worth a retry.
type NetError struct{ Err error }

func (e *NetError) Error() string   { return "transport: " + e.Err.Error() }
func (e *NetError) Unwrap() error   { return e.Err }
func (e *NetError) Temporary() bool { return true }

// Client performs JSON requests against one base URL.
type Client struct {
	Service string
	BaseURL string
	HTTP    *http.Client
	// Decorate sets auth and other per-request headers.
	Decorate func(*http.Request)
}

// New builds a Client with a sane timeout.
func New(service, baseURL string, timeout time.Duration, decorate func(*http.Request)) *Client {
	if timeout <= 0 {
		timeout = 15 * time.Second
	}
	return &Client{
		Service:  service,
		BaseURL:  strings.TrimRight(baseURL, "/"),
		HTTP:     &http.Client{Timeout: timeout},
		Decorate: decorate,
	}
}

// Do sends in as JSON (if non-nil) and decodes a 2xx body into out (if non-nil).
func (c *Client) Do(ctx context.Context, method, path string, header http.Header, in, out any) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("%s: encode request: %w", c.Service, err)
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
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if c.Decorate != nil {
		c.Decorate(req)
	}

	resp, err := c.HTTP.Do(req)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) {
			return &NetError{Err: err}
		}
		return fmt.Errorf("%s: %w", c.Service, err)
	}
	defer resp.Body.Close()

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return &NetError{Err: err}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{Service: c.Service, StatusCode: resp.StatusCode}
		var envelope struct {
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(raw, &envelope) == nil {
			apiErr.Code, apiErr.Message = envelope.Error.Code, envelope.Error.Message
		}
		if apiErr.Message == "" {
			apiErr.Message = strings.TrimSpace(string(raw))
		}
		return apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%s: decode response: %w", c.Service, err)
		}
	}
	return nil
}

// BearerAuth returns a Decorate func setting an Authorization header.
func BearerAuth(token string) func(*http.Request) {
	return func(r *http.Request) {
		r.Header.Set("Authorization", "Bearer "+token)
	}
}

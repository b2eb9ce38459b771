// Package ach is a client for the Clearwire ACH origination API used to
// push advances, settlements and deferred payments to grower bank accounts.
//
// POST endpoints accept an Idempotency-Key header. Clearwire stores the
// first response for a key for 30 days and replays it for any later request
// with the same key and body; a different body with a reused key is a 422.
package ach

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

const idempotencyHeader = "Idempotency-Key"

type Client struct {
	baseURL      string
	apiKey       string
	originatorID string
	http         *http.Client
}

type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

func New(baseURL, apiKey, originatorID string, opts ...Option) *Client {
	c := &Client{
		baseURL:      baseURL,
		apiKey:       apiKey,
		originatorID: originatorID,
		http:         &http.Client{Timeout: 20 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption customises a single API call.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	headers        map[string]string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(cc *callConfig) { cc.idempotencyKey = key }
}

// WithHeader adds an arbitrary request header, e.g. X-Correlation-Id.
func WithHeader(k, v string) CallOption {
	return func(cc *callConfig) {
		if cc.headers == nil {
			cc.headers = map[string]string{}
		}
		cc.headers[k] = v
	}
}

type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("ach: %d %s: %s", e.Status, e.Code, e.Message)
}

// Retryable reports whether the error is worth retrying at the caller.
func Retryable(err error) bool {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Status == http.StatusTooManyRequests || ae.Status >= 500
	}
	return err != nil
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts []CallOption) error {
	cc := callConfig{}
	for _, o := range opts {
		o(&cc)
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("ach: encode: %w", err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("X-Originator-Id", c.originatorID)
	if cc.idempotencyKey != "" {
		req.Header.Set(idempotencyHeader, cc.idempotencyKey)
	}
	for k, v := range cc.headers {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("ach: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("ach: read body: %w", err)
	}
	if resp.StatusCode >= 300 {
		ae := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, ae)
		if ae.Message == "" {
			ae.Message = http.StatusText(resp.StatusCode)
		}
		return ae
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("ach: decode: %w", err)
	}
	return nil
}

// Cents converts a dollar string like "1234.56" into integer cents.
func Cents(amount string) (int64, error) {
	f, err := strconv.ParseFloat(amount, 64)
	if err != nil {
		return 0, err
	}
	return int64(f*100 + 0.5), nil
}

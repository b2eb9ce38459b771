// Package payments is a small client for the PayBridge checkout and payout
// APIs. Only the calls the cashless platform needs are implemented.
//
// Every mutating call accepts CallOptions. PayBridge honours the
// Idempotency-Key request header for 24 hours: a repeated request with the
// same key returns the stored response instead of creating a new payment or
// payout. The merchant reference is echoed back but not checked for
// uniqueness.
package payments

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

const (
	headerAPIKey         = "X-API-Key"
	headerIdempotencyKey = "Idempotency-Key"
	headerRequestID      = "X-Request-Id"
)

type Config struct {
	BaseURL         string
	APIKey          string
	MerchantAccount string
	Timeout         time.Duration
}

type Client struct {
	baseURL  string
	apiKey   string
	merchant string
	http     *http.Client
}

func NewClient(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	return &Client{
		baseURL:  cfg.BaseURL,
		apiKey:   cfg.APIKey,
		merchant: cfg.MerchantAccount,
		http:     &http.Client{Timeout: timeout},
	}
}

// MerchantAccount returns the account the client books payments against.
func (c *Client) MerchantAccount() string { return c.merchant }

type callConfig struct {
	idempotencyKey string
	requestID      string
}

// CallOption customises a single API call.
type CallOption func(*callConfig)

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithRequestID sets a correlation id that shows up in PayBridge's logs.
func WithRequestID(id string) CallOption {
	return func(c *callConfig) { c.requestID = id }
}

// APIError is returned for non-2xx responses.
type APIError struct {
	Status    int    `json:"status"`
	ErrorCode string `json:"errorCode"`
	Message   string `json:"message"`
	ErrorType string `json:"errorType"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("paybridge: %d %s: %s", e.Status, e.ErrorCode, e.Message)
}

// Temporary reports whether the call may succeed if tried again.
func (e *APIError) Temporary() bool {
	return e.Status >= 500 || e.Status == http.StatusTooManyRequests
}

func IsTemporary(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Temporary()
	}
	return true
}

func (c *Client) post(ctx context.Context, path string, in, out any, opts []CallOption) error {
	var cc callConfig
	for _, o := range opts {
		o(&cc)
	}
	body, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("paybridge: encode %s: %w", path, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(headerAPIKey, c.apiKey)
	if cc.idempotencyKey != "" {
		req.Header.Set(headerIdempotencyKey, cc.idempotencyKey)
	}
	if cc.requestID != "" {
		req.Header.Set(headerRequestID, cc.requestID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("paybridge: %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("paybridge: read %s: %w", path, err)
	}
	if resp.StatusCode/100 != 2 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("paybridge: decode %s: %w", path, err)
	}
	return nil
}

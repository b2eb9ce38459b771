// Package gateway is the HTTP client for the card payment gateway.
//
// The gateway honours an Idempotency-Key header on every POST: a repeated
// request with the same key within 24 hours returns the original response
// instead of creating a new charge or refund.
package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Config configures the gateway client.
type Config struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

// Client talks to the gateway's REST API.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New returns a gateway client.
func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 15 * time.Second
	}
	return &Client{baseURL: cfg.BaseURL, apiKey: cfg.APIKey, http: &http.Client{Timeout: timeout}}
}

type callOptions struct {
	idempotencyKey string
	requestID      string
}

// CallOption customises a single gateway request.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithRequestID sets the X-Request-Id header used for tracing.
func WithRequestID(id string) CallOption {
	return func(o *callOptions) { o.requestID = id }
}

// ChargeRequest creates a card charge against a stored payment method or a
// one-time token.
type ChargeRequest struct {
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	PaymentMethod string            `json:"payment_method"`
	Description   string            `json:"description"`
	Reference     string            `json:"reference"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	FailureCode string `json:"failure_code,omitempty"`
}

type RefundRequest struct {
	ChargeID    string `json:"charge"`
	AmountCents int64  `json:"amount"`
	Reason      string `json:"reason"`
}

type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// APIError is returned for non-2xx responses.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Msg    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("gateway: %d %s: %s", e.Status, e.Code, e.Msg)
}

// Temporary reports whether the request may succeed if tried again.
func (e *APIError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	var out Charge
	if err := c.post(ctx, "/v1/charges", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) CreateRefund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	var out Refund
	if err := c.post(ctx, "/v1/refunds", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, body, out interface{}, opts []CallOption) error {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	if o.requestID != "" {
		req.Header.Set("X-Request-Id", o.requestID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	return json.Unmarshal(raw, out)
}

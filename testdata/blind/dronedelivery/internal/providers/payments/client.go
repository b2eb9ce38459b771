// Package payments is the client for Paystream, the card processor that holds
// merchants' cards on file. Paystream honours an Idempotency-Key header on every
// POST for 24 hours: a repeated key returns the original response instead of
// moving money again.
package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client calls the Paystream REST API.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the underlying HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// New returns a Paystream client.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 15 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption adjusts a single call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(k string) CallOption { return func(o *callOptions) { o.idempotencyKey = k } }

// WithMetadata attaches key/value metadata shown in the Paystream dashboard.
func WithMetadata(kv map[string]string) CallOption { return func(o *callOptions) { o.metadata = kv } }

// ChargeRequest charges a stored card.
type ChargeRequest struct {
	CustomerID      string            `json:"customer"`
	PaymentMethodID string            `json:"payment_method"`
	AmountCents     int64             `json:"amount"`
	Currency        string            `json:"currency"`
	Description     string            `json:"description"`
	Metadata        map[string]string `json:"metadata,omitempty"`
}

// Charge is a completed card charge.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

// CreateCharge charges the customer's card.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	o := apply(opts)
	if o.metadata != nil {
		req.Metadata = o.metadata
	}
	var ch Charge
	if err := c.post(ctx, "/v1/charges", req, &ch, o); err != nil {
		return nil, err
	}
	return &ch, nil
}

// RefundRequest refunds all or part of a charge.
type RefundRequest struct {
	ChargeID    string            `json:"charge"`
	AmountCents int64             `json:"amount"`
	Reason      string            `json:"reason"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Refund is a refund against a charge.
type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CreateRefund refunds a charge.
func (c *Client) CreateRefund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	o := apply(opts)
	if o.metadata != nil {
		req.Metadata = o.metadata
	}
	var r Refund
	if err := c.post(ctx, "/v1/refunds", req, &r, o); err != nil {
		return nil, err
	}
	return &r, nil
}

// Error is a Paystream API error.
type Error struct {
	HTTPStatus int
	Type       string `json:"type"`
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("paystream %d %s/%s: %s", e.HTTPStatus, e.Type, e.Code, e.Message)
}

// Declined reports whether the card was declined (not worth retrying).
func (e *Error) Declined() bool { return e.Type == "card_error" }

func apply(opts []CallOption) callOptions {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

func (c *Client) post(ctx context.Context, path string, in, out any, o callOptions) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("paystream %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		var wrapper struct {
			Error *Error `json:"error"`
		}
		if json.Unmarshal(raw, &wrapper) == nil && wrapper.Error != nil {
			wrapper.Error.HTTPStatus = resp.StatusCode
			return wrapper.Error
		}
		return &Error{HTTPStatus: resp.StatusCode, Type: "api_error", Message: string(raw)}
	}
	return json.Unmarshal(raw, out)
}

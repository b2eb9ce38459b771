// Package payments is the client for Tillpoint, the card processor used
// for signer fees, refunds and notary payouts. Tillpoint honours an
// Idempotency-Key header on every POST for 24 hours.
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

	"github.com/google/uuid"
)

type Config struct {
	BaseURL string
	APIKey  string
}

type Client struct {
	baseURL  string
	apiKey   string
	http     *http.Client
	attempts int
	sleep    func(time.Duration)
}

func NewClient(cfg Config) *Client {
	return &Client{
		baseURL:  cfg.BaseURL,
		apiKey:   cfg.APIKey,
		http:     &http.Client{Timeout: 30 * time.Second},
		attempts: 3,
		sleep:    time.Sleep,
	}
}

type callOpts struct {
	idempotencyKey string
}

// CallOption customises a single API call.
type CallOption func(*callOpts)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOpts) { o.idempotencyKey = key }
}

func (c *Client) resolve(opts []CallOption) callOpts {
	var o callOpts
	for _, fn := range opts {
		fn(&o)
	}
	if o.idempotencyKey == "" {
		// Every POST carries a key so the retry loop in post() cannot
		// double-submit on a timeout.
		o.idempotencyKey = uuid.NewString()
	}
	return o
}

type ChargeRequest struct {
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	PaymentMethod string            `json:"payment_method"`
	Customer      string            `json:"customer,omitempty"`
	Description   string            `json:"description"`
	Capture       bool              `json:"capture"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	var out Charge
	if err := c.post(ctx, "/v1/charges", req, &out, c.resolve(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

type RefundRequest struct {
	ChargeID    string `json:"charge"`
	AmountCents int64  `json:"amount,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	var out Refund
	if err := c.post(ctx, "/v1/refunds", req, &out, c.resolve(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

type PayoutRequest struct {
	Destination string `json:"destination"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	Statement   string `json:"statement_descriptor"`
}

type Payout struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*Payout, error) {
	var out Payout
	if err := c.post(ctx, "/v1/payouts", req, &out, c.resolve(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

// APIError is Tillpoint's error envelope.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("tillpoint: %d %s: %s", e.Status, e.Code, e.Message)
}

func (e *APIError) retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func (c *Client) post(ctx context.Context, path string, in, out any, o callOpts) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	var lastErr error
	for attempt := 0; attempt < c.attempts; attempt++ {
		if attempt > 0 {
			c.sleep(time.Duration(attempt*attempt) * 250 * time.Millisecond)
		}
		lastErr = c.once(ctx, path, body, out, o)
		var apiErr *APIError
		if lastErr == nil || (errors.As(lastErr, &apiErr) && !apiErr.retryable()) || ctx.Err() != nil {
			return lastErr
		}
	}
	return lastErr
}

func (c *Client) once(ctx context.Context, path string, body []byte, out any, o callOpts) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", o.idempotencyKey)
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

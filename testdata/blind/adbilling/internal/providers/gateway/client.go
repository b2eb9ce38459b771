// Package gateway is the client for the card and bank-transfer payment
// gateway. The gateway honours the Idempotency-Key header for 24 hours on
// every POST endpoint.
package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/brightlane/adbilling/internal/config"
)

// Client is the subset of the gateway API used by billing.
type Client interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (Charge, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (Refund, error)
}

type ChargeRequest struct {
	CustomerRef     string            `json:"customer_reference"`
	PaymentMethodID string            `json:"payment_method"`
	AmountCents     int64             `json:"amount"`
	Currency        string            `json:"currency"`
	Description     string            `json:"description"`
	OffSession      bool              `json:"off_session"`
	Metadata        map[string]string `json:"metadata,omitempty"`
}

type ChargeStatus string

const (
	ChargeSucceeded ChargeStatus = "succeeded"
	ChargePending   ChargeStatus = "pending"
	ChargeFailed    ChargeStatus = "failed"
)

type Charge struct {
	ID            string       `json:"id"`
	Status        ChargeStatus `json:"status"`
	AmountCents   int64        `json:"amount"`
	Currency      string       `json:"currency"`
	FailureCode   string       `json:"failure_code,omitempty"`
	FailureReason string       `json:"failure_message,omitempty"`
}

type RefundRequest struct {
	ChargeID    string            `json:"charge"`
	AmountCents int64             `json:"amount"`
	Reason      string            `json:"reason"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// APIError is a non-2xx answer from the gateway.
type APIError struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("gateway: %d %s: %s", e.Status, e.Code, e.Message)
}

type callOptions struct {
	idempotencyKey string
}

// CallOption customises one gateway call.
type CallOption func(*callOptions)

// WithIdempotencyKey makes the gateway return the first result for any
// repeat of the call with the same key.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

type httpClient struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// NewClient builds the gateway client from config.
func NewClient(cfg *config.Config) Client {
	return &httpClient{
		baseURL: cfg.GatewayBaseURL,
		apiKey:  cfg.GatewayAPIKey,
		http:    &http.Client{Timeout: 25 * time.Second},
	}
}

func (c *httpClient) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (Charge, error) {
	var out Charge
	err := c.post(ctx, "/charges", req, &out, opts...)
	return out, err
}

func (c *httpClient) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (Refund, error) {
	var out Refund
	err := c.post(ctx, "/refunds", req, &out, opts...)
	return out, err
}

func (c *httpClient) post(ctx context.Context, path string, body, out any, opts ...CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("gateway: marshal: %w", err)
	}

	op := func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		if o.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", o.idempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode >= 300 {
			apiErr := &APIError{Status: resp.StatusCode}
			_ = json.Unmarshal(raw, apiErr)
			if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
				return apiErr
			}
			return backoff.Permanent(apiErr)
		}
		if err := json.Unmarshal(raw, out); err != nil {
			return backoff.Permanent(fmt.Errorf("gateway: decode %s: %w", path, err))
		}
		return nil
	}

	bo := backoff.NewExponentialBackOff()
	bo.InitialInterval = 300 * time.Millisecond
	bo.MaxElapsedTime = 20 * time.Second
	return backoff.Retry(op, backoff.WithContext(backoff.WithMaxRetries(bo, 3), ctx))
}

// IsDeclined reports whether err is a card decline rather than a transport
// or server failure.
func IsDeclined(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Status == http.StatusPaymentRequired
}

// Package payments is a small client for the card processor's REST API.
//
// Every mutating endpoint accepts an Idempotency-Key header; the processor
// keeps keys for 24 hours and replays the original response for a repeated
// key instead of performing the operation again.
package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

type Config struct {
	BaseURL  string
	APIKey   string
	RetryMax int
	Timeout  time.Duration
}

type Client struct {
	http    *retryablehttp.Client
	baseURL string
	apiKey  string
}

func New(cfg Config) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.RetryMax
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 4 * time.Second
	rc.HTTPClient.Timeout = cfg.Timeout
	rc.Logger = nil
	rc.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return &Client{http: rc, baseURL: cfg.BaseURL, apiKey: cfg.APIKey}
}

// NewIdempotencyKey returns a fresh key for a one-off operation.
func NewIdempotencyKey() string {
	return uuid.NewString()
}

type ChargeParams struct {
	CustomerRef string            `json:"customer"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Description string            `json:"description,omitempty"`
	Capture     bool              `json:"capture"`
	Metadata    map[string]string `json:"metadata,omitempty"`

	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`
}

type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	Captured    bool   `json:"captured"`
}

type RefundParams struct {
	ChargeID    string            `json:"charge"`
	AmountCents int64             `json:"amount"`
	Reason      string            `json:"reason,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`

	IdempotencyKey string `json:"-"`
}

type Refund struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

// Error is a non-2xx answer from the processor.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("payments: %d %s: %s", e.Status, e.Code, e.Message)
}

// Declined reports whether the processor refused the card rather than
// failing to process the request.
func (e *Error) Declined() bool { return e.Status == http.StatusPaymentRequired }

func (c *Client) CreateCharge(ctx context.Context, p ChargeParams) (*Charge, error) {
	var out Charge
	if err := c.post(ctx, "/v1/charges", p.IdempotencyKey, p, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Refund(ctx context.Context, p RefundParams) (*Refund, error) {
	var out Refund
	if err := c.post(ctx, "/v1/refunds", p.IdempotencyKey, p, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path, idempotencyKey string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("payments %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		perr := &Error{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, perr)
		return perr
	}
	return json.Unmarshal(raw, out)
}

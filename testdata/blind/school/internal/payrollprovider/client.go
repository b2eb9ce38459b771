// Package payrollprovider is a client for the payroll bureau that pays the
// teachers.
//
// Batch submissions accept an Idempotency-Key header: a repeated key within
// 30 days returns the batch created by the first request instead of creating
// a new one.
package payrollprovider

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
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Client talks to the payroll provider.
type Client struct {
	baseURL    string
	apiKey     string
	http       *http.Client
	maxElapsed time.Duration
}

// New builds a client. maxElapsed bounds the retry loop of every call.
func New(baseURL, apiKey string, maxElapsed time.Duration) *Client {
	return &Client{
		baseURL:    baseURL,
		apiKey:     apiKey,
		http:       &http.Client{Timeout: 30 * time.Second},
		maxElapsed: maxElapsed,
	}
}

// Payout is one employee payment within a batch.
type Payout struct {
	EmployeeID  string `json:"employee_id"`
	GrossCents  int64  `json:"gross_amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference"`
	Description string `json:"description,omitempty"`
}

// BatchRequest submits a pay period.
type BatchRequest struct {
	Period  string   `json:"period"`
	PayDate string   `json:"pay_date"`
	Payouts []Payout `json:"payouts"`
}

// BatchPayout is a payout as accepted by the provider.
type BatchPayout struct {
	ID         string `json:"id"`
	EmployeeID string `json:"employee_id"`
	Reference  string `json:"reference"`
	Status     string `json:"status"`
}

// Batch is the provider's batch.
type Batch struct {
	ID      string        `json:"id"`
	Status  string        `json:"status"`
	Payouts []BatchPayout `json:"payouts"`
}

type callOptions struct {
	idempotencyKey string
}

// CallOption customises a single call.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// SubmitBatch creates a payout batch.
func (c *Client) SubmitBatch(ctx context.Context, req BatchRequest, opts ...CallOption) (Batch, error) {
	var co callOptions
	for _, o := range opts {
		o(&co)
	}
	var out Batch
	err := c.doWithRetry(ctx, http.MethodPost, "/v1/payout-batches", req, &out, co)
	return out, err
}

// GetBatch fetches a batch.
func (c *Client) GetBatch(ctx context.Context, id string) (Batch, error) {
	var out Batch
	err := c.doWithRetry(ctx, http.MethodGet, "/v1/payout-batches/"+id, nil, &out, callOptions{})
	return out, err
}

// VerifySignature checks the X-Payroll-Signature header of a webhook.
func VerifySignature(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	expected := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(expected), []byte(signature))
}

type statusError struct {
	status int
	body   string
}

func (e *statusError) Error() string {
	return fmt.Sprintf("payroll provider: status %d: %s", e.status, e.body)
}

func (c *Client) doWithRetry(ctx context.Context, method, path string, in, out any, co callOptions) error {
	var payload []byte
	if in != nil {
		var err error
		if payload, err = json.Marshal(in); err != nil {
			return err
		}
	}

	op := func() error {
		var body io.Reader
		if payload != nil {
			body = bytes.NewReader(payload)
		}
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Authorization", "ApiKey "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		if co.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", co.idempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		switch {
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			return &statusError{status: resp.StatusCode, body: string(raw)}
		case resp.StatusCode >= 300:
			return backoff.Permanent(&statusError{status: resp.StatusCode, body: string(raw)})
		}
		if out != nil {
			if err := json.Unmarshal(raw, out); err != nil {
				return backoff.Permanent(err)
			}
		}
		return nil
	}

	bo := backoff.NewExponentialBackOff()
	bo.InitialInterval = 500 * time.Millisecond
	bo.MaxElapsedTime = c.maxElapsed
	return backoff.Retry(op, backoff.WithContext(bo, ctx))
}

// Package taxpartner is a client for the tax partner's HTTP API. Write
// endpoints honour an Idempotency-Key header (keys are retained for 72h).
package taxpartner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v5"
)

type Config struct {
	BaseURL  string
	APIKey   string
	Timeout  time.Duration
	MaxTries uint
}

type Client struct {
	baseURL  string
	apiKey   string
	hc       *http.Client
	maxTries uint
}

func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	tries := cfg.MaxTries
	if tries == 0 {
		tries = 4
	}
	return &Client{baseURL: cfg.BaseURL, apiKey: cfg.APIKey, hc: &http.Client{Timeout: timeout}, maxTries: tries}
}

// RequestOption mutates the outgoing request headers.
type RequestOption func(h http.Header)

// WithIdempotencyKey makes a write request safe to repeat.
func WithIdempotencyKey(key string) RequestOption {
	return func(h http.Header) { h.Set("Idempotency-Key", key) }
}

// WithCorrelationID sets a header that appears in the partner's request
// logs; it has no effect on processing.
func WithCorrelationID(id string) RequestOption {
	return func(h http.Header) { h.Set("X-Correlation-Id", id) }
}

type Address struct {
	Country    string `json:"country"`
	PostalCode string `json:"postal_code,omitempty"`
	Region     string `json:"region,omitempty"`
}

type Line struct {
	Reference   string `json:"reference"`
	AmountCents int64  `json:"amount"`
	TaxCode     string `json:"tax_code"`
	Quantity    int64  `json:"quantity"`
}

type TransactionRequest struct {
	// Reference is echoed back on the transaction and shown in the
	// partner's filing reports. It is not used for deduplication.
	Reference  string  `json:"reference"`
	CustomerID string  `json:"customer_id"`
	Currency   string  `json:"currency"`
	Address    Address `json:"customer_address"`
	Lines      []Line  `json:"line_items"`
}

type Transaction struct {
	ID           string `json:"id"`
	Reference    string `json:"reference"`
	TaxCents     int64  `json:"tax_amount"`
	Jurisdiction string `json:"jurisdiction"`
}

type Quote struct {
	TaxCents     int64  `json:"tax_amount"`
	Jurisdiction string `json:"jurisdiction"`
}

// Quote is a read-only calculation; nothing is recorded at the partner.
func (c *Client) Quote(ctx context.Context, req TransactionRequest, opts ...RequestOption) (*Quote, error) {
	var out Quote
	if err := c.post(ctx, "/v2/calculations", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// CommitTransaction records a taxable transaction that the partner will
// include in filings.
func (c *Client) CommitTransaction(ctx context.Context, req TransactionRequest, opts ...RequestOption) (*Transaction, error) {
	var out Transaction
	if err := c.post(ctx, "/v2/transactions", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string { return fmt.Sprintf("taxpartner: HTTP %d: %s", e.Code, e.Body) }

func (c *Client) post(ctx context.Context, path string, body any, out any, opts []RequestOption) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("taxpartner: marshal: %w", err)
	}
	hdr := http.Header{}
	hdr.Set("Content-Type", "application/json")
	hdr.Set("Authorization", "Bearer "+c.apiKey)
	for _, o := range opts {
		o(hdr)
	}

	op := func() ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return nil, backoff.Permanent(err)
		}
		req.Header = hdr.Clone()
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		switch {
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			return nil, &StatusError{Code: resp.StatusCode, Body: string(data)}
		case resp.StatusCode >= 400:
			return nil, backoff.Permanent(&StatusError{Code: resp.StatusCode, Body: string(data)})
		}
		return data, nil
	}

	data, err := backoff.Retry(ctx, op,
		backoff.WithBackOff(backoff.NewExponentialBackOff()),
		backoff.WithMaxTries(c.maxTries),
		backoff.WithMaxElapsedTime(30*time.Second),
	)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("taxpartner: decode: %w", err)
	}
	return nil
}

// Package ach is a client for the ClearPath ACH origination API.
//
// ClearPath honours an Idempotency-Key header on every POST: a repeated key
// within 72 hours returns the original transfer instead of creating one.
package ach

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
)

// Client calls the ClearPath API.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New returns a client.
func New(baseURL, apiKey string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 20 * time.Second}
	}
	return &Client{baseURL: baseURL, apiKey: apiKey, http: hc}
}

// DebitRequest pulls funds from a customer's bank account.
type DebitRequest struct {
	AccountToken  string            `json:"account_token"`
	AmountCents   int64             `json:"amount_cents"`
	SECCode       string            `json:"sec_code"`
	Description   string            `json:"company_entry_description"`
	IndividualID  string            `json:"individual_id"`
	EffectiveDate string            `json:"effective_date,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// Transfer is a ClearPath transfer.
type Transfer struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type callOpts struct {
	idempotencyKey string
}

// Option configures a single call.
type Option func(*callOpts)

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) Option {
	return func(o *callOpts) { o.idempotencyKey = key }
}

// CreateDebit originates an ACH debit.
func (c *Client) CreateDebit(ctx context.Context, req DebitRequest, opts ...Option) (*Transfer, error) {
	var t Transfer
	if err := c.post(ctx, "/v1/debits", req, &t, opts); err != nil {
		return nil, err
	}
	return &t, nil
}

func (c *Client) post(ctx context.Context, path string, body, out any, opts []Option) error {
	var o callOpts
	for _, fn := range opts {
		fn(&o)
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(raw))
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
		return fmt.Errorf("clearpath %s: %w", path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return fmt.Errorf("clearpath %s: status %d: %s", path, resp.StatusCode, data)
	}
	return json.Unmarshal(data, out)
}

// WebhookEvent is a ClearPath webhook delivery.
type WebhookEvent struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"` // debit.settled, debit.returned
	TransferID string    `json:"transfer_id"`
	ReturnCode string    `json:"return_code,omitempty"`
	OccurredAt time.Time `json:"occurred_at"`
}

// VerifySignature checks the X-ClearPath-Signature header.
func VerifySignature(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}

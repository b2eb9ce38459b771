// Package paylane is the client for Paylane, the card and ACH payments
// partner associations collect dues, fines and amenity deposits through, and
// that pays vendors out.
//
// Paylane honours an Idempotency-Key header on POST /charges, /refunds and
// /payouts: a key seen in the last 24 hours returns the original response
// instead of creating a second object. The legacy ACH debit endpoint
// (/ach/debits) predates that and ignores the header; ACH debits are
// de-duplicated by the caller.
package paylane

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/larchway/hoaops/internal/config"
)

// Client talks to the Paylane REST API.
type Client struct {
	baseURL       string
	apiKey        string
	webhookSecret string
	http          *http.Client
	attempts      uint
}

// New builds a client from configuration.
func New(cfg config.Config) *Client {
	return &Client{
		baseURL:       cfg.Paylane.BaseURL,
		apiKey:        cfg.Paylane.APIKey,
		webhookSecret: cfg.Paylane.WebhookSecret,
		http:          &http.Client{Timeout: cfg.Paylane.Timeout},
		attempts:      4,
	}
}

// APIError is a non-retryable 4xx answer from Paylane.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("paylane: %d %s: %s", e.Status, e.Code, e.Message)
}

// ChargeRequest creates a card charge against a stored payment method.
type ChargeRequest struct {
	CustomerID    string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Description   string            `json:"description"`
	Metadata      map[string]string `json:"metadata,omitempty"`

	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`
}

// Charge is Paylane's charge object.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	FailureCode string `json:"failure_code,omitempty"`
}

// RefundRequest refunds all or part of a charge.
type RefundRequest struct {
	ChargeID    string `json:"charge"`
	AmountCents int64  `json:"amount"`
	Reason      string `json:"reason,omitempty"`

	IdempotencyKey string `json:"-"`
}

// Refund is Paylane's refund object.
type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// PayoutRequest sends funds to a connected vendor account.
type PayoutRequest struct {
	Destination string            `json:"destination"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Description string            `json:"description"`
	Metadata    map[string]string `json:"metadata,omitempty"`

	IdempotencyKey string `json:"-"`
}

// Payout is Paylane's payout (transfer) object.
type Payout struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// ACHDebitRequest pulls funds from a verified bank account.
type ACHDebitRequest struct {
	CustomerID  string `json:"customer"`
	BankAccount string `json:"bank_account"`
	AmountCents int64  `json:"amount"`
	Descriptor  string `json:"statement_descriptor"`
}

// ACHDebit is Paylane's ACH debit object. Debits settle in 2-4 business days
// and are reported through charge.settled / charge.failed webhooks.
type ACHDebit struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CreateCharge charges a card.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest) (Charge, error) {
	var out Charge
	err := c.post(ctx, "/charges", req.IdempotencyKey, req, &out)
	return out, err
}

// CreateRefund refunds a charge.
func (c *Client) CreateRefund(ctx context.Context, req RefundRequest) (Refund, error) {
	var out Refund
	err := c.post(ctx, "/refunds", req.IdempotencyKey, req, &out)
	return out, err
}

// CreatePayout pays a vendor.
func (c *Client) CreatePayout(ctx context.Context, req PayoutRequest) (Payout, error) {
	var out Payout
	err := c.post(ctx, "/payouts", req.IdempotencyKey, req, &out)
	return out, err
}

// CreateACHDebit submits an ACH debit. The endpoint has no idempotency
// support, so it is never retried here: a timeout may still have created the
// debit.
func (c *Client) CreateACHDebit(ctx context.Context, req ACHDebitRequest) (ACHDebit, error) {
	var out ACHDebit
	err := c.do(ctx, "/ach/debits", "", mustJSON(req), &out)
	return out, err
}

// VerifyWebhook checks the Paylane-Signature header (hex HMAC-SHA256 of the
// raw body with the endpoint secret).
func (c *Client) VerifyWebhook(body []byte, signature string) error {
	mac := hmac.New(sha256.New, []byte(c.webhookSecret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return errors.New("paylane: webhook signature mismatch")
	}
	return nil
}

// post sends a JSON POST with transport-level retries. 4xx answers are not
// retried; 5xx, 429 and network errors are.
func (c *Client) post(ctx context.Context, path, idempotencyKey string, body, out any) error {
	payload := mustJSON(body)
	return retry.Do(
		func() error { return c.do(ctx, path, idempotencyKey, payload, out) },
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(250*time.Millisecond),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(func(err error) bool {
			var apiErr *APIError
			return !errors.As(err, &apiErr)
		}),
	)
}

func (c *Client) do(ctx context.Context, path, idempotencyKey string, payload []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
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
		return fmt.Errorf("paylane %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("paylane %s: read body: %w", path, err)
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return fmt.Errorf("paylane %s: status %d", path, resp.StatusCode)
	case resp.StatusCode >= 400:
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("paylane %s: decode: %w", path, err)
	}
	return nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("paylane: marshal %T: %v", v, err))
	}
	return b
}

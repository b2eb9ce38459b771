// Package achpay is a client for the LedgerRail payments API, which the firm
// uses to push ACH credits from the IOLTA account to claimants' banks.
//
// Every POST accepts an Idempotency-Key header. LedgerRail stores the first
// response for a key for 24 hours and returns it verbatim for any repeat, so
// a request can be safely resent with the same key.
package achpay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/config"
)

// Payment statuses reported by the provider.
const (
	StatusPending   = "pending"
	StatusSubmitted = "submitted"
	StatusSettled   = "settled"
	StatusReturned  = "returned"
	StatusFailed    = "failed"
)

// Client talks to the payments API.
type Client struct {
	http          *retryablehttp.Client
	baseURL       string
	apiKey        string
	sourceAccount string
}

// New builds a Client from configuration.
func New(cfg config.ACHConfig, log *zap.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.RetryMax
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	rc.HTTPClient.Timeout = cfg.Timeout
	rc.Logger = zapLeveled{log.Named("achpay")}
	rc.CheckRetry = retryablehttp.ErrorPropagatedRetryPolicy
	return &Client{
		http:          rc,
		baseURL:       strings.TrimRight(cfg.BaseURL, "/"),
		apiKey:        cfg.APIKey,
		sourceAccount: cfg.SourceAccountID,
	}
}

// PaymentRequest is an ACH credit to a recipient.
type PaymentRequest struct {
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	RecipientID   string            `json:"recipient"`
	SourceAccount string            `json:"source_account"`
	Descriptor    string            `json:"statement_descriptor"`
	Description   string            `json:"description,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`

	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`
}

// Payment is the provider's view of a payment.
type Payment struct {
	ID          string            `json:"id"`
	Status      string            `json:"status"`
	AmountCents int64             `json:"amount"`
	RecipientID string            `json:"recipient"`
	ReturnCode  string            `json:"return_code,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	CreatedAt   time.Time         `json:"created_at"`
}

// CreatePayment initiates an ACH credit.
func (c *Client) CreatePayment(ctx context.Context, req PaymentRequest) (*Payment, error) {
	if req.Currency == "" {
		req.Currency = "usd"
	}
	if req.SourceAccount == "" {
		req.SourceAccount = c.sourceAccount
	}
	var out Payment
	if err := c.do(ctx, http.MethodPost, "/payments", req, req.IdempotencyKey, &out); err != nil {
		return nil, fmt.Errorf("achpay: create payment: %w", err)
	}
	return &out, nil
}

// GetPayment fetches a payment's current state.
func (c *Client) GetPayment(ctx context.Context, id string) (*Payment, error) {
	var out Payment
	if err := c.do(ctx, http.MethodGet, "/payments/"+id, nil, "", &out); err != nil {
		return nil, fmt.Errorf("achpay: get payment %s: %w", id, err)
	}
	return &out, nil
}

// RecipientRequest registers a bank account as a payout destination.
type RecipientRequest struct {
	Name          string            `json:"name"`
	Email         string            `json:"email,omitempty"`
	RoutingNumber string            `json:"routing_number"`
	AccountNumber string            `json:"account_number"`
	AccountType   string            `json:"account_type"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// Recipient is a registered payout destination.
type Recipient struct {
	ID           string `json:"id"`
	Last4        string `json:"last4"`
	BankName     string `json:"bank_name"`
	Verification string `json:"verification_status"`
}

// CreateRecipient registers a bank account. idempotencyKey may be empty.
func (c *Client) CreateRecipient(ctx context.Context, req RecipientRequest, idempotencyKey string) (*Recipient, error) {
	var out Recipient
	if err := c.do(ctx, http.MethodPost, "/recipients", req, idempotencyKey, &out); err != nil {
		return nil, fmt.Errorf("achpay: create recipient: %w", err)
	}
	return &out, nil
}

// APIError is a non-2xx response from the provider.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("status %d: %s: %s", e.Status, e.Code, e.Message)
}

// IsClientError reports whether err is a 4xx from the provider, i.e. a
// request that will never succeed as sent.
func IsClientError(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Status >= 400 && apiErr.Status < 500 && apiErr.Status != http.StatusTooManyRequests
}

func (c *Client) do(ctx context.Context, method, path string, body any, idempotencyKey string, out any) error {
	var rdr io.Reader
	if body != nil {
		buf, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rdr = bytes.NewReader(buf)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(data, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

type zapLeveled struct{ l *zap.Logger }

func (z zapLeveled) Error(msg string, kv ...any) { z.l.Sugar().Errorw(msg, kv...) }
func (z zapLeveled) Info(msg string, kv ...any)  { z.l.Sugar().Debugw(msg, kv...) }
func (z zapLeveled) Debug(msg string, kv ...any) { z.l.Sugar().Debugw(msg, kv...) }
func (z zapLeveled) Warn(msg string, kv ...any)  { z.l.Sugar().Warnw(msg, kv...) }

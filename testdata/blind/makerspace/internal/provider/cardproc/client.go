// Package cardproc is the client for the card processor's REST API.
//
// The processor deduplicates POST requests by the Idempotency-Key header for
// 24 hours: a repeated key returns the original response instead of creating
// a second charge or refund.
package cardproc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/kerfhall/makerspace/internal/platform/retryx"
)

// Config holds the API credentials.
type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
}

// Client talks to the card processor.
type Client struct {
	base          string
	apiKey        string
	webhookSecret []byte
	http          *http.Client
	policy        retryx.Policy
}

// New returns a Client.
func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	return &Client{
		base:          cfg.BaseURL,
		apiKey:        cfg.APIKey,
		webhookSecret: []byte(cfg.WebhookSecret),
		http:          &http.Client{Timeout: timeout},
		policy:        retryx.ProviderDefault,
	}
}

// ChargeRequest creates a charge against a stored payment method.
type ChargeRequest struct {
	CustomerID      string            `json:"customer"`
	PaymentMethodID string            `json:"payment_method"`
	AmountCents     int64             `json:"amount"`
	Currency        string            `json:"currency"`
	Description     string            `json:"description,omitempty"`
	Metadata        map[string]string `json:"metadata,omitempty"`
	// IdempotencyKey is sent as the Idempotency-Key header.
	IdempotencyKey string `json:"-"`
}

// Charge is the processor's charge object.
type Charge struct {
	ID             string `json:"id"`
	Status         string `json:"status"` // succeeded, pending, failed
	AmountCents    int64  `json:"amount"`
	FailureCode    string `json:"failure_code,omitempty"`
	FailureMessage string `json:"failure_message,omitempty"`
}

// RefundRequest refunds all or part of a charge.
type RefundRequest struct {
	ChargeID    string            `json:"charge"`
	AmountCents int64             `json:"amount,omitempty"`
	Reason      string            `json:"reason,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	// IdempotencyKey is sent as the Idempotency-Key header.
	IdempotencyKey string `json:"-"`
}

// Refund is the processor's refund object.
type Refund struct {
	ID          string `json:"id"`
	ChargeID    string `json:"charge"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

// APIError is a non-2xx answer from the processor.
type APIError struct {
	Status  int    `json:"-"`
	Type    string `json:"type"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("cardproc: %d %s/%s: %s", e.Status, e.Type, e.Code, e.Message)
}

// IsDecline reports whether err is a card decline (as opposed to a transport
// or server problem).
func IsDecline(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Type == "card_error"
}

// CreateCharge creates a charge.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	if req.Currency == "" {
		req.Currency = "usd"
	}
	var out Charge
	if err := c.post(ctx, "/v1/charges", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateRefund refunds a charge.
func (c *Client) CreateRefund(ctx context.Context, req RefundRequest) (*Refund, error) {
	var out Refund
	if err := c.post(ctx, "/v1/refunds", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetCharge fetches a charge by id.
func (c *Client) GetCharge(ctx context.Context, id string) (*Charge, error) {
	var out Charge
	if err := c.do(ctx, http.MethodGet, "/v1/charges/"+id, "", nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path, idemKey string, body, out any) error {
	return c.do(ctx, http.MethodPost, path, idemKey, body, out)
}

// do sends the request, retrying transport errors and 5xx/429 answers with
// the same Idempotency-Key.
func (c *Client) do(ctx context.Context, method, path, idemKey string, body, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return err
		}
	}
	return retryx.Do(ctx, c.policy, "cardproc "+method+" "+path, func() error {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(payload))
		if err != nil {
			return retryx.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		if idemKey != "" {
			req.Header.Set("Idempotency-Key", idemKey)
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
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			if out == nil {
				return nil
			}
			return retryx.Permanent(json.Unmarshal(raw, out))
		}
		apiErr := &APIError{Status: resp.StatusCode}
		var envelope struct {
			Error *APIError `json:"error"`
		}
		if json.Unmarshal(raw, &envelope) == nil && envelope.Error != nil {
			envelope.Error.Status = resp.StatusCode
			apiErr = envelope.Error
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			if ra, _ := strconv.Atoi(resp.Header.Get("Retry-After")); ra > 0 {
				select {
				case <-time.After(time.Duration(ra) * time.Second):
				case <-ctx.Done():
					return retryx.Permanent(ctx.Err())
				}
			}
			return apiErr
		}
		return retryx.Permanent(apiErr)
	})
}

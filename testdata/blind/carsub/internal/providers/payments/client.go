// Package payments is the client for Paywell, our card processor.
//
// Paywell deduplicates POST requests by the Idempotency-Key header: a
// request repeated with the same key within 24h returns the original
// result instead of creating a second charge or refund. Requests without
// the header are never deduplicated.
package payments

import (
	"context"
	"errors"
	"net/http"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/platform/httpx"
)

// ErrDeclined is returned when the card was declined; retrying will not help.
var ErrDeclined = errors.New("paywell: card declined")

type ChargeRequest struct {
	// IdempotencyKey is sent as the Idempotency-Key header.
	IdempotencyKey string            `json:"-"`
	CustomerRef    string            `json:"customer"`
	AmountCents    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Description    string            `json:"description"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

type Charge struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	AmountCents   int64  `json:"amount"`
	Currency      string `json:"currency"`
	FailureCode   string `json:"failure_code,omitempty"`
	FailureReason string `json:"failure_message,omitempty"`
}

type RefundRequest struct {
	// IdempotencyKey is sent as the Idempotency-Key header.
	IdempotencyKey string `json:"-"`
	ChargeID       string `json:"charge"`
	AmountCents    int64  `json:"amount"`
	Reason         string `json:"reason"`
}

type Refund struct {
	ID          string `json:"id"`
	ChargeID    string `json:"charge"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

type Client struct {
	http *httpx.Client
}

func New(cfg config.Provider) *Client {
	return &Client{http: httpx.New("paywell", cfg.BaseURL, cfg.Timeout, httpx.BearerAuth(cfg.APIKey))}
}

// Charge creates a charge against the customer's default payment method.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	var out Charge
	if err := c.http.Do(ctx, http.MethodPost, "/charges", idempotencyHeader(req.IdempotencyKey), req, &out); err != nil {
		var apiErr *httpx.APIError
		if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusPaymentRequired {
			return nil, errors.Join(ErrDeclined, err)
		}
		return nil, err
	}
	if out.Status == "failed" {
		return &out, ErrDeclined
	}
	return &out, nil
}

// Refund refunds all or part of a captured charge.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (*Refund, error) {
	var out Refund
	if err := c.http.Do(ctx, http.MethodPost, "/refunds", idempotencyHeader(req.IdempotencyKey), req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func idempotencyHeader(key string) http.Header {
	h := http.Header{}
	if key != "" {
		h.Set("Idempotency-Key", key)
	}
	return h
}

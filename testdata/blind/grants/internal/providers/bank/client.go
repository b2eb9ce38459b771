// Package bank is the HTTP client for the bank-transfer partner used for
// grant payouts. The partner honours an Idempotency-Key header on
// POST /v2/transfers: a repeated key returns the original transfer. The
// `reference` body field is free text printed on the beneficiary's statement;
// the partner does not deduplicate on it.
package bank

import (
	"context"
	"fmt"
	"net/http"

	"github.com/civicfund/grants/internal/platform/httpx"
	"github.com/civicfund/grants/internal/ports"
)

// Client implements ports.BankPayouts.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New builds a client.
func New(baseURL, apiKey string, hc *http.Client) *Client {
	if hc == nil {
		hc = httpx.DefaultClient
	}
	return &Client{baseURL: baseURL, apiKey: apiKey, http: hc}
}

// WithIdempotencyKey sets the partner's Idempotency-Key header.
func WithIdempotencyKey(k string) ports.BankOption {
	return func(o *ports.BankCallOptions) { o.IdempotencyKey = k }
}

// WithRequestID sets X-Request-Id, which the partner only echoes in logs.
func WithRequestID(id string) ports.BankOption {
	return func(o *ports.BankCallOptions) { o.RequestID = id }
}

type transferBody struct {
	Reference      string `json:"reference"`
	BeneficiaryRef string `json:"beneficiary"`
	Amount         int64  `json:"amount_minor"`
	Currency       string `json:"currency"`
	Narrative      string `json:"narrative,omitempty"`
}

type transferResp struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CreateTransfer submits a single payout. It does not retry; callers wrap it.
func (c *Client) CreateTransfer(ctx context.Context, req ports.TransferRequest, opts ...ports.BankOption) (*ports.Transfer, error) {
	var o ports.BankCallOptions
	for _, fn := range opts {
		fn(&o)
	}
	headers := map[string]string{
		"Authorization":   "Bearer " + c.apiKey,
		"Idempotency-Key": o.IdempotencyKey,
		"X-Request-Id":    o.RequestID,
	}
	body := transferBody{
		Reference:      req.Reference,
		BeneficiaryRef: req.BeneficiaryRef,
		Amount:         req.AmountCents,
		Currency:       req.Currency,
		Narrative:      req.Narrative,
	}
	var out transferResp
	if _, err := httpx.PostJSON(ctx, c.http, c.baseURL+"/v2/transfers", headers, body, &out); err != nil {
		return nil, fmt.Errorf("bank create transfer: %w", err)
	}
	return &ports.Transfer{ID: out.ID, Status: out.Status}, nil
}

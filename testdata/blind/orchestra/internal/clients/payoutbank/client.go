// Package payoutbank is the client for Ledgerline, the bank API used to
// push ACH payouts to musicians after each payroll run.
//
// Ledgerline honours an Idempotency-Key header on POST /transfers: a
// repeated key within 30 days returns the original transfer. Keys are
// supplied per call with WithIdempotencyKey.
package payoutbank

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/harborlight-symphony/encore/internal/platform/httpx"
	"github.com/harborlight-symphony/encore/internal/platform/retry"
)

// TransferRequest is an outbound ACH credit.
type TransferRequest struct {
	AccountRef  string `json:"account_ref"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Memo        string `json:"memo"`
	SameDay     bool   `json:"same_day"`
}

// Transfer is Ledgerline's transfer resource.
type Transfer struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CallOption customises a single call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(k string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = k }
}

// Client talks to Ledgerline.
type Client struct {
	baseURL string
	apiKey  string
	http    httpx.Doer
}

// New builds a Ledgerline client; keyed POSTs are retried on 5xx.
func New(baseURL, apiKey string, hc *http.Client) *Client {
	return &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		http:    httpx.Retrying(hc, "Idempotency-Key", retry.Default),
	}
}

// CreateTransfer pushes an ACH credit.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest, opts ...CallOption) (*Transfer, error) {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	var out Transfer
	err := httpx.JSON(ctx, c.http, http.MethodPost, c.baseURL+"/v1/transfers", req, &out,
		httpx.WithHeader("Authorization", "Bearer "+c.apiKey),
		httpx.WithHeader("Idempotency-Key", o.idempotencyKey),
	)
	if err != nil {
		return nil, fmt.Errorf("payoutbank: create transfer: %w", err)
	}
	return &out, nil
}

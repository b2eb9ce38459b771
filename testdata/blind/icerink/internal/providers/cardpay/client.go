// Package cardpay is the client for the Cardpay card-processing API.
//
// Every mutating endpoint accepts an Idempotency-Key header; Cardpay keeps
// keys for 24 hours and returns the original response for a repeated key.
package cardpay

import (
	"context"
	"net/http"
	"net/url"

	"github.com/frostline-arena/rinkops/internal/platform"
)

type Client struct {
	api *platform.JSONClient
}

func New(cfg platform.CardpayConfig) *Client {
	return &Client{api: platform.NewJSONClient(cfg.BaseURL, cfg.Timeout, platform.BearerAuth(cfg.APIKey))}
}

// CallOption adjusts a single API call.
type CallOption func(h http.Header)

// WithIdempotencyKey makes Cardpay collapse repeats of the call.
func WithIdempotencyKey(key string) CallOption {
	return func(h http.Header) {
		if key != "" {
			h.Set("Idempotency-Key", key)
		}
	}
}

func headers(opts []CallOption) http.Header {
	h := http.Header{}
	for _, o := range opts {
		o(h)
	}
	return h
}

type ChargeRequest struct {
	Customer    string            `json:"customer"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Description string            `json:"description,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

type Charge struct {
	ID          string            `json:"id"`
	Status      string            `json:"status"`
	AmountCents int64             `json:"amount"`
	Metadata    map[string]string `json:"metadata"`
}

func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	var out Charge
	if err := c.api.Do(ctx, http.MethodPost, "/charges", req, &out, headers(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

type HoldRequest struct {
	CardToken   string `json:"card_token"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference,omitempty"`
}

type Hold struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// AuthorizeHold places an authorization hold without capturing funds.
func (c *Client) AuthorizeHold(ctx context.Context, req HoldRequest, opts ...CallOption) (*Hold, error) {
	var out Hold
	if err := c.api.Do(ctx, http.MethodPost, "/holds", req, &out, headers(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

// CaptureHold captures up to amount from a hold and releases the rest.
func (c *Client) CaptureHold(ctx context.Context, holdID string, amountCents int64, opts ...CallOption) (*Charge, error) {
	var out Charge
	body := map[string]int64{"amount": amountCents}
	if err := c.api.Do(ctx, http.MethodPost, "/holds/"+url.PathEscape(holdID)+"/capture", body, &out, headers(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

// ReleaseHold voids a hold. Releasing an already-released hold is a 409.
func (c *Client) ReleaseHold(ctx context.Context, holdID string, opts ...CallOption) error {
	return c.api.Do(ctx, http.MethodPost, "/holds/"+url.PathEscape(holdID)+"/release", nil, nil, headers(opts))
}

type RefundRequest struct {
	ChargeID    string `json:"charge"`
	AmountCents int64  `json:"amount,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Refund issues a full or partial refund against a captured charge.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	var out Refund
	if err := c.api.Do(ctx, http.MethodPost, "/refunds", req, &out, headers(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

// Package cardpay is a client for the Cardpay card-processing API.
//
// Cardpay honours an Idempotency-Key header on every POST: a repeated key
// within 24 hours returns the original result instead of creating a new
// charge or refund.
package cardpay

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"github.com/harvestloop/farmshare/internal/platform/providerhttp"
)

// Charge statuses.
const (
	StatusSucceeded      = "succeeded"
	StatusFailed         = "failed"
	StatusRequiresAction = "requires_action"
)

// ChargeRequest creates a charge against a saved payment method.
type ChargeRequest struct {
	Customer      string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Description   string            `json:"description,omitempty"`
	OffSession    bool              `json:"off_session"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// Charge is Cardpay's charge object.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	FailureCode string `json:"failure_code,omitempty"`
	FailureMsg  string `json:"failure_message,omitempty"`
}

// RefundRequest refunds all or part of a charge.
type RefundRequest struct {
	Charge      string `json:"charge"`
	AmountCents int64  `json:"amount,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

// Refund is Cardpay's refund object.
type Refund struct {
	ID     string `json:"id"`
	Charge string `json:"charge"`
	Status string `json:"status"`
}

// CallOption adjusts one request.
type CallOption func(h http.Header)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(h http.Header) { h.Set("Idempotency-Key", key) }
}

// WithAccount sends the request on behalf of a connected account.
func WithAccount(acct string) CallOption {
	return func(h http.Header) { h.Set("Cardpay-Account", acct) }
}

// Client talks to Cardpay.
type Client struct {
	api *providerhttp.Client
}

// New returns a client authenticated with apiKey.
func New(baseURL, apiKey string) *Client {
	return &Client{api: providerhttp.New(baseURL, func(r *http.Request) {
		r.Header.Set("Authorization", "Bearer "+apiKey)
	})}
}

func headers(opts []CallOption) http.Header {
	h := http.Header{}
	for _, o := range opts {
		o(h)
	}
	return h
}

// CreateCharge charges a saved card. A decline is not an error: the charge
// comes back with Status == StatusFailed.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	if req.Currency == "" {
		req.Currency = "gbp"
	}
	var ch Charge
	err := c.api.Do(ctx, http.MethodPost, "/charges", req, &ch, headers(opts))
	var apiErr *providerhttp.APIError
	if errors.As(err, &apiErr) && apiErr.Status == http.StatusPaymentRequired {
		return &Charge{Status: StatusFailed, AmountCents: req.AmountCents, FailureCode: apiErr.Code, FailureMsg: apiErr.Msg}, nil
	}
	if err != nil {
		return nil, err
	}
	return &ch, nil
}

// GetCharge fetches a charge by id.
func (c *Client) GetCharge(ctx context.Context, id string) (*Charge, error) {
	var ch Charge
	if err := c.api.Do(ctx, http.MethodGet, "/charges/"+url.PathEscape(id), nil, &ch, nil); err != nil {
		return nil, err
	}
	return &ch, nil
}

// CreateRefund refunds a charge.
func (c *Client) CreateRefund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	var rf Refund
	if err := c.api.Do(ctx, http.MethodPost, "/refunds", req, &rf, headers(opts)); err != nil {
		return nil, err
	}
	return &rf, nil
}

// Package escrowpay is the client for EscrowPay, the card processor that
// holds client funds between quote acceptance and delivery approval.
//
// EscrowPay honours an Idempotency-Key header on every POST: a repeated key
// within 24 hours returns the original response instead of creating a new
// object.
package escrowpay

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Intent is a payment intent. Escrow intents are created with manual capture.
type Intent struct {
	ID             string `json:"id"`
	Status         string `json:"status"`
	Amount         int64  `json:"amount"`
	Currency       string `json:"currency"`
	AmountCaptured int64  `json:"amount_captured"`
}

// Charge is an immediate charge against a stored payment method.
type Charge struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// RefundResult is a refund of a captured or authorized intent.
type RefundResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Amount int64  `json:"amount"`
}

// CreateIntentRequest opens an escrow hold.
type CreateIntentRequest struct {
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Customer      string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	CaptureMethod string            `json:"capture_method"`
	Description   string            `json:"description,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// ChargeRequest charges a stored payment method at once.
type ChargeRequest struct {
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Customer      string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	Description   string            `json:"description,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// RefundRequest returns money from an intent.
type RefundRequest struct {
	Intent string `json:"payment_intent"`
	Amount int64  `json:"amount,omitempty"`
	Reason string `json:"reason,omitempty"`
}

type callOptions struct {
	idempotencyKey string
	account        string
}

// CallOption adjusts a single request.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithAccount routes the call to a connected sub-account.
func WithAccount(acct string) CallOption {
	return func(o *callOptions) { o.account = acct }
}

// Client is the subset of the EscrowPay API the marketplace uses.
type Client interface {
	CreateIntent(ctx context.Context, req CreateIntentRequest, opts ...CallOption) (*Intent, error)
	Capture(ctx context.Context, intentID string, amount int64, opts ...CallOption) (*Intent, error)
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error)
}

type httpClient struct {
	base   string
	apiKey string
	hc     *retryablehttp.Client
}

// New builds an EscrowPay client.
func New(base, apiKey string, hc *retryablehttp.Client) Client {
	return &httpClient{base: base, apiKey: apiKey, hc: hc}
}

func (c *httpClient) headers(opts []CallOption) http.Header {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	if o.account != "" {
		h.Set("EscrowPay-Account", o.account)
	}
	return h
}

func (c *httpClient) CreateIntent(ctx context.Context, req CreateIntentRequest, opts ...CallOption) (*Intent, error) {
	if req.CaptureMethod == "" {
		req.CaptureMethod = "manual"
	}
	var out Intent
	err := platform.DoJSON(ctx, c.hc, "escrowpay", http.MethodPost, c.base+"/payment_intents", c.headers(opts), req, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *httpClient) Capture(ctx context.Context, intentID string, amount int64, opts ...CallOption) (*Intent, error) {
	u := fmt.Sprintf("%s/payment_intents/%s/capture", c.base, url.PathEscape(intentID))
	body := map[string]int64{"amount_to_capture": amount}
	var out Intent
	if err := platform.DoJSON(ctx, c.hc, "escrowpay", http.MethodPost, u, c.headers(opts), body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *httpClient) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	var out Charge
	err := platform.DoJSON(ctx, c.hc, "escrowpay", http.MethodPost, c.base+"/charges", c.headers(opts), req, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *httpClient) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	var out RefundResult
	err := platform.DoJSON(ctx, c.hc, "escrowpay", http.MethodPost, c.base+"/refunds", c.headers(opts), req, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

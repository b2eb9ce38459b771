// Package payments is a client for Paystream, the card processor used for
// customer invoice payments.
//
// Paystream honours an Idempotency-Key header on every POST: a repeated key
// within 24 hours returns the original response instead of creating a new
// object. Pass one with WithIdempotencyKey.
package payments

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/haulcore/wastehaul/internal/providers/rest"
)

const providerName = "paystream"

// Client talks to the Paystream REST API.
type Client struct {
	baseURL   string
	apiKey    string
	hc        *http.Client
	userAgent string
}

// Option configures a Client.
type Option func(*Client)

// WithBaseURL overrides the API root.
func WithBaseURL(u string) Option {
	return func(c *Client) { c.baseURL = u }
}

// WithHTTPClient sets the transport.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.hc = hc }
}

// WithTimeout sets a timeout on the default transport.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.hc = &http.Client{Timeout: d} }
}

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option {
	return func(c *Client) { c.userAgent = ua }
}

// New returns a client authenticated with apiKey.
func New(apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:   "https://api.paystream.example/v1",
		apiKey:    apiKey,
		hc:        &http.Client{Timeout: 20 * time.Second},
		userAgent: "wastehaul/1.0",
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption adjusts one request.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	header         http.Header
}

// WithIdempotencyKey sets the Idempotency-Key header for a POST.
func WithIdempotencyKey(key string) CallOption {
	return func(cc *callConfig) { cc.idempotencyKey = key }
}

// WithHeader adds an arbitrary header.
func WithHeader(k, v string) CallOption {
	return func(cc *callConfig) { cc.header.Add(k, v) }
}

func (c *Client) headers(opts []CallOption) http.Header {
	cc := callConfig{header: http.Header{}}
	for _, o := range opts {
		o(&cc)
	}
	h := cc.header
	h.Set("Authorization", "Bearer "+c.apiKey)
	h.Set("User-Agent", c.userAgent)
	if cc.idempotencyKey != "" {
		h.Set("Idempotency-Key", cc.idempotencyKey)
	}
	return h
}

// ChargeRequest creates a charge on a saved payment method.
type ChargeRequest struct {
	Customer      string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Description   string            `json:"description,omitempty"`
	Capture       bool              `json:"capture"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// Charge is a Paystream charge.
type Charge struct {
	ID             string `json:"id"`
	Status         string `json:"status"`
	AmountCents    int64  `json:"amount"`
	FailureCode    string `json:"failure_code,omitempty"`
	FailureMessage string `json:"failure_message,omitempty"`
}

// Succeeded reports whether the charge was authorized and captured.
func (ch *Charge) Succeeded() bool { return ch.Status == "succeeded" }

// CreateCharge charges a payment method.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	if req.Currency == "" {
		req.Currency = "usd"
	}
	var out Charge
	err := rest.Do(ctx, c.hc, providerName, rest.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/charges",
		Header: c.headers(opts),
		Body:   req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// RefundRequest refunds all or part of a charge.
type RefundRequest struct {
	Charge      string `json:"charge"`
	AmountCents int64  `json:"amount,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

// Refund is a Paystream refund.
type Refund struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

// CreateRefund refunds a charge.
func (c *Client) CreateRefund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	var out Refund
	err := rest.Do(ctx, c.hc, providerName, rest.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/refunds",
		Header: c.headers(opts),
		Body:   req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// PaymentMethod is a tokenized card.
type PaymentMethod struct {
	ID       string `json:"id"`
	Customer string `json:"customer"`
	Card     struct {
		Brand    string `json:"brand"`
		Last4    string `json:"last4"`
		ExpMonth int    `json:"exp_month"`
		ExpYear  int    `json:"exp_year"`
	} `json:"card"`
}

// GetPaymentMethod fetches a payment method by ID.
func (c *Client) GetPaymentMethod(ctx context.Context, id string) (*PaymentMethod, error) {
	var out PaymentMethod
	err := rest.Do(ctx, c.hc, providerName, rest.Request{
		Method: http.MethodGet,
		URL:    c.baseURL + "/payment_methods/" + url.PathEscape(id),
		Header: c.headers(nil),
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

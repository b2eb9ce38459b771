// Package psp is the client for the card payment service provider.
//
// The PSP deduplicates POST requests on the Idempotency-Key header for 24
// hours: a second request with the same key returns the first response and
// does not create another payment or refund.
package psp

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/kickoffbet/sportsbook/internal/httpx"
)

// Payment statuses reported by the PSP.
const (
	StatusPending    = "pending"
	StatusAuthorised = "authorised"
	StatusCaptured   = "captured"
	StatusDeclined   = "declined"
	StatusRefunded   = "refunded"
)

// PaymentRequest creates and captures a card payment.
type PaymentRequest struct {
	Amount            int64             `json:"amount"`
	Currency          string            `json:"currency"`
	PaymentMethod     string            `json:"payment_method"`
	MerchantReference string            `json:"merchant_reference"`
	Customer          string            `json:"customer"`
	Capture           bool              `json:"capture"`
	ReturnURL         string            `json:"return_url,omitempty"`
	Metadata          map[string]string `json:"metadata,omitempty"`
}

// Payment is the PSP's payment object.
type Payment struct {
	ID                string    `json:"id"`
	Status            string    `json:"status"`
	Amount            int64     `json:"amount"`
	Currency          string    `json:"currency"`
	MerchantReference string    `json:"merchant_reference"`
	DeclineCode       string    `json:"decline_code,omitempty"`
	RedirectURL       string    `json:"redirect_url,omitempty"`
	Created           time.Time `json:"created"`
}

// RefundRequest refunds a captured payment fully or partially.
type RefundRequest struct {
	PaymentID string `json:"payment_id"`
	Amount    int64  `json:"amount"`
	Reason    string `json:"reason"`
}

// Refund is the PSP's refund object.
type Refund struct {
	ID        string `json:"id"`
	PaymentID string `json:"payment_id"`
	Status    string `json:"status"`
	Amount    int64  `json:"amount"`
}

// Client talks to the PSP REST API.
type Client struct {
	base   string
	apiKey string
	hc     *http.Client
	policy httpx.Policy
}

// Config configures a Client.
type Config struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
	Retry   httpx.Policy
}

// New returns a PSP client.
func New(cfg Config) *Client {
	if cfg.Timeout == 0 {
		cfg.Timeout = 15 * time.Second
	}
	if cfg.Retry.Attempts == 0 {
		cfg.Retry = httpx.DefaultPolicy
	}
	return &Client{
		base:   cfg.BaseURL,
		apiKey: cfg.APIKey,
		hc:     &http.Client{Timeout: cfg.Timeout},
		policy: cfg.Retry,
	}
}

// CreatePayment creates (and, with Capture, captures) a payment.
func (c *Client) CreatePayment(ctx context.Context, req PaymentRequest, opts ...CallOption) (*Payment, error) {
	co := collect(opts)
	return retry.DoWithData(func() (*Payment, error) {
		var p Payment
		err := httpx.DoJSON(ctx, c.hc, httpx.Request{
			Method:  http.MethodPost,
			URL:     c.base + "/v1/payments",
			Body:    req,
			Headers: c.headers(co),
		}, &p)
		return &p, err
	}, c.policy.Options(ctx)...)
}

// FindByReference looks a payment up by our merchant reference.
func (c *Client) FindByReference(ctx context.Context, reference string) (*Payment, error) {
	var list struct {
		Data []Payment `json:"data"`
	}
	err := retry.Do(func() error {
		return httpx.DoJSON(ctx, c.hc, httpx.Request{
			Method:  http.MethodGet,
			URL:     c.base + "/v1/payments?merchant_reference=" + url.QueryEscape(reference),
			Headers: c.headers(callOptions{}),
		}, &list)
	}, c.policy.Options(ctx)...)
	if err != nil {
		return nil, err
	}
	if len(list.Data) == 0 {
		return nil, nil
	}
	return &list.Data[0], nil
}

// Refund refunds a payment.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	co := collect(opts)
	return retry.DoWithData(func() (*Refund, error) {
		var r Refund
		err := httpx.DoJSON(ctx, c.hc, httpx.Request{
			Method:  http.MethodPost,
			URL:     c.base + "/v1/refunds",
			Body:    req,
			Headers: c.headers(co),
		}, &r)
		return &r, err
	}, c.policy.Options(ctx)...)
}

func (c *Client) headers(co callOptions) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if co.idempotencyKey != "" {
		h.Set("Idempotency-Key", co.idempotencyKey)
	}
	if co.requestID != "" {
		h.Set("X-Request-Id", co.requestID)
	}
	return h
}

// Describe renders a payment for logs.
func Describe(p *Payment) string {
	if p == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%s[%s %d %s]", p.ID, p.Status, p.Amount, p.Currency)
}

// Package payments is the client for PayCore, the card processor used for
// patient self-pay. Every POST honours the Idempotency-Key header for 24h;
// a repeated key returns the first response.
package payments

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/meridianlabs/labs/internal/providers/httpc"
)

// ChargeParams creates a charge against a stored payment method.
type ChargeParams struct {
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Customer      string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	Description   string            `json:"description"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// Charge is a processor charge.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	FailureCode string `json:"failure_code"`
}

// Client is a PayCore API client.
type Client struct {
	core *httpc.Client
}

// ClientOption configures the client.
type ClientOption func(*httpc.Client)

// WithBaseURL points the client at another environment.
func WithBaseURL(u string) ClientOption { return func(c *httpc.Client) { c.BaseURL = u } }

// WithHTTPDoer replaces the HTTP client.
func WithHTTPDoer(d httpc.Doer) ClientOption { return func(c *httpc.Client) { c.HTTP = d } }

// WithMaxRetries enables retries of temporary failures.
func WithMaxRetries(n int) ClientOption {
	return func(c *httpc.Client) { c.Retries, c.RetryDelay = n, time.Second }
}

// NewClient builds a client with the secret API key.
func NewClient(secret string, opts ...ClientOption) *Client {
	core := &httpc.Client{
		Provider: "paycore",
		BaseURL:  "https://api.paycore.example/v1",
		HTTP:     httpc.DefaultHTTPClient(20 * time.Second),
		Authorize: func(r *http.Request) {
			r.SetBasicAuth(secret, "")
		},
		DecodeError: func(body []byte) (string, string) {
			var e struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			}
			_ = json.Unmarshal(body, &e)
			return e.Code, e.Message
		},
	}
	for _, o := range opts {
		o(core)
	}
	return &Client{core: core}
}

// RequestOption adjusts one request.
type RequestOption func(h http.Header)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(h http.Header) { h.Set("Idempotency-Key", key) }
}

// CreateCharge charges a payment method.
func (c *Client) CreateCharge(ctx context.Context, p ChargeParams, opts ...RequestOption) (*Charge, error) {
	h := http.Header{}
	for _, o := range opts {
		o(h)
	}
	var out Charge
	if err := c.core.Do(ctx, httpc.Request{Method: http.MethodPost, Path: "/charges", Body: p, Header: h}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetCharge fetches a charge.
func (c *Client) GetCharge(ctx context.Context, id string) (*Charge, error) {
	var out Charge
	if err := c.core.Do(ctx, httpc.Request{Method: http.MethodGet, Path: "/charges/" + url.PathEscape(id)}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Event is a webhook event from PayCore.
type Event struct {
	ID      string    `json:"id"`
	Type    string    `json:"type"`
	Created time.Time `json:"created"`
	Data    struct {
		PaymentID   string            `json:"payment_id"`
		AmountCents int64             `json:"amount"`
		Method      string            `json:"method"`
		Metadata    map[string]string `json:"metadata"`
	} `json:"data"`
}

// Package payments is the client for Steadypay, the card processor used for
// subscriber charges and refunds.
//
// Steadypay honours an Idempotency-Key header on every POST: a repeated key
// within 24 hours returns the original response instead of acting again.
package payments

import (
	"context"
	"net/http"

	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
)

// Gateway is what the services depend on.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest) (*Charge, error)
	Refund(ctx context.Context, req RefundRequest) (*RefundResult, error)
}

// ChargeRequest charges a stored payment method.
type ChargeRequest struct {
	CustomerRef     string            `json:"customer_reference"`
	PaymentMethodID string            `json:"payment_method"`
	AmountCents     int64             `json:"amount"`
	Currency        string            `json:"currency"`
	Description     string            `json:"description"`
	Metadata        map[string]string `json:"metadata,omitempty"`
	IdempotencyKey  string            `json:"-"`
}

// Charge is Steadypay's charge object.
type Charge struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	AmountCents   int64  `json:"amount"`
	FailureCode   string `json:"failure_code,omitempty"`
	FailureReason string `json:"failure_message,omitempty"`
}

// Succeeded reports whether the charge captured funds.
func (c *Charge) Succeeded() bool { return c.Status == "succeeded" }

// RefundRequest returns some or all of a charge.
type RefundRequest struct {
	ChargeID       string            `json:"charge"`
	AmountCents    int64             `json:"amount"`
	Reason         string            `json:"reason"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	IdempotencyKey string            `json:"-"`
}

// RefundResult is Steadypay's refund object.
type RefundResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Client talks to the Steadypay REST API.
type Client struct {
	http *httpx.Client
}

// New returns a Steadypay client.
func New(baseURL, apiKey string, opts ...httpx.Option) *Client {
	opts = append([]httpx.Option{httpx.WithBasic(apiKey)}, opts...)
	return &Client{http: httpx.New("steadypay", baseURL, opts...)}
}

func idempotencyHeader(key string) map[string]string {
	if key == "" {
		return nil
	}
	return map[string]string{"Idempotency-Key": key}
}

// Charge creates and captures a charge.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	if req.Currency == "" {
		req.Currency = "usd"
	}
	var out Charge
	err := c.http.Do(ctx, httpx.Request{
		Method:    http.MethodPost,
		Path:      "/charges",
		Operation: "charge",
		Headers:   idempotencyHeader(req.IdempotencyKey),
		Body:      req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Refund refunds a previous charge.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	var out RefundResult
	err := c.http.Do(ctx, httpx.Request{
		Method:    http.MethodPost,
		Path:      "/refunds",
		Operation: "refund",
		Headers:   idempotencyHeader(req.IdempotencyKey),
		Body:      req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

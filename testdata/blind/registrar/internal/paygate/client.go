// Package paygate is a client for the card payment gateway's REST API.
//
// The gateway honours an Idempotency-Key header on every POST: a request that
// repeats a key seen in the last 24 hours gets the stored response of the
// first request and creates nothing new.
package paygate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/tldhouse/registrar/internal/config"
)

type ChargeRequest struct {
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Customer      string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	Description   string            `json:"description,omitempty"`
	Capture       bool              `json:"capture"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

type Charge struct {
	ID          string            `json:"id"`
	Status      string            `json:"status"`
	Amount      int64             `json:"amount"`
	Currency    string            `json:"currency"`
	FailureCode string            `json:"failure_code,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	Created     int64             `json:"created"`
}

const (
	ChargeSucceeded = "succeeded"
	ChargePending   = "pending"
	ChargeFailed    = "failed"
)

type RefundRequest struct {
	Charge string `json:"charge"`
	Amount int64  `json:"amount,omitempty"`
	Reason string `json:"reason,omitempty"`
}

type Refund struct {
	ID     string `json:"id"`
	Charge string `json:"charge"`
	Amount int64  `json:"amount"`
	Status string `json:"status"`
}

type Card struct {
	Brand    string `json:"brand"`
	Last4    string `json:"last4"`
	ExpMonth int    `json:"exp_month"`
	ExpYear  int    `json:"exp_year"`
}

type PaymentMethod struct {
	ID       string `json:"id"`
	Customer string `json:"customer"`
	Card     Card   `json:"card"`
}

// APIError is a non-2xx answer.
type APIError struct {
	Status  int    `json:"-"`
	Type    string `json:"type"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("paygate: %d %s: %s", e.Status, e.Code, e.Message)
}

// Declined reports whether the card was declined (no point retrying).
func (e *APIError) Declined() bool { return e.Type == "card_error" }

type callOptions struct {
	idempotencyKey string
}

// CallOption adjusts one request.
type CallOption func(*callOptions)

// WithIdempotencyKey sends the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

type Client struct {
	baseURL string
	secret  string
	http    *http.Client
}

func New(cfg *config.Config) *Client {
	return &Client{
		baseURL: cfg.Gateway.BaseURL,
		secret:  cfg.Gateway.SecretKey,
		http:    &http.Client{Timeout: cfg.Gateway.Timeout},
	}
}

func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	var ch Charge
	if err := c.post(ctx, "/charges", req, &ch, opts); err != nil {
		return nil, err
	}
	return &ch, nil
}

func (c *Client) CreateRefund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	var rf Refund
	if err := c.post(ctx, "/refunds", req, &rf, opts); err != nil {
		return nil, err
	}
	return &rf, nil
}

// AttachPaymentMethod attaches a tokenised card to a customer. Attaching a
// card that is already attached to the same customer returns it unchanged.
func (c *Client) AttachPaymentMethod(ctx context.Context, customerID, pmID string) (*PaymentMethod, error) {
	var pm PaymentMethod
	body := map[string]string{"customer": customerID}
	if err := c.post(ctx, "/payment_methods/"+pmID+"/attach", body, &pm, nil); err != nil {
		return nil, err
	}
	return &pm, nil
}

func (c *Client) GetCharge(ctx context.Context, id string) (*Charge, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/charges/"+id, nil)
	if err != nil {
		return nil, err
	}
	var ch Charge
	if err := c.do(req, &ch); err != nil {
		return nil, err
	}
	return &ch, nil
}

func (c *Client) post(ctx context.Context, path string, in, out any, opts []CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	return c.do(req, out)
}

func (c *Client) do(req *http.Request, out any) error {
	req.Header.Set("Authorization", "Bearer "+c.secret)
	req.Header.Set("Paygate-Version", "2024-06-01")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("paygate: %s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		var wrapper struct {
			Error *APIError `json:"error"`
		}
		if json.Unmarshal(raw, &wrapper) == nil && wrapper.Error != nil {
			apiErr = wrapper.Error
			apiErr.Status = resp.StatusCode
		}
		return apiErr
	}
	return json.Unmarshal(raw, out)
}

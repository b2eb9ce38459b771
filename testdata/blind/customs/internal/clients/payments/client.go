// Package payments is a client for the card and bank payments provider.
//
// Every mutating endpoint honours an Idempotency-Key header: a repeated key
// within 24 hours returns the original response instead of repeating the
// operation.
package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/harborline/brokerage/internal/platform/config"
	"github.com/harborline/brokerage/internal/platform/ids"
)

// ErrDeclined is returned when the provider declines a charge.
var ErrDeclined = errors.New("payments: declined")

// Provider is the subset of the payments API this service uses.
type Provider interface {
	CreateCustomer(ctx context.Context, p CustomerParams, opts ...CallOption) (*Customer, error)
	AttachPaymentMethod(ctx context.Context, customerID string, p AttachParams, opts ...CallOption) (*Method, error)
	Charge(ctx context.Context, p ChargeParams, opts ...CallOption) (*Charge, error)
	Refund(ctx context.Context, p RefundParams, opts ...CallOption) (*RefundResult, error)
}

// CustomerParams creates a customer.
type CustomerParams struct {
	Name     string            `json:"name"`
	Email    string            `json:"email"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// Customer is a provider customer.
type Customer struct {
	ID string `json:"id"`
}

// AttachParams attaches a tokenised payment method to a customer.
type AttachParams struct {
	Token string `json:"token"`
}

// Method is a stored payment method.
type Method struct {
	ID    string `json:"id"`
	Brand string `json:"brand"`
	Last4 string `json:"last4"`
}

// ChargeParams charges a stored payment method.
type ChargeParams struct {
	CustomerID  string            `json:"customer"`
	MethodID    string            `json:"payment_method"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Description string            `json:"description"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Charge is the provider's result for a charge.
type Charge struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	FailureReason string `json:"failure_reason,omitempty"`
}

// RefundParams refunds a prior charge, fully or partially.
type RefundParams struct {
	ChargeID    string `json:"charge"`
	AmountCents int64  `json:"amount"`
	Reason      string `json:"reason,omitempty"`
}

// RefundResult is the provider's refund record.
type RefundResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CallOption adjusts a single provider call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	requestID      string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithRequestID sets the X-Request-Id header used for log correlation.
func WithRequestID(id string) CallOption {
	return func(o *callOptions) { o.requestID = id }
}

// Client implements Provider with net/http.
type Client struct {
	http    *http.Client
	baseURL string
	secret  string
	log     *slog.Logger
}

// NewClient builds the payments client from configuration.
func NewClient(cfg *config.Config, log *slog.Logger) *Client {
	return &Client{
		http:    &http.Client{Timeout: cfg.Payments.Timeout},
		baseURL: cfg.Payments.BaseURL,
		secret:  cfg.Payments.SecretKey,
		log:     log.With("client", "payments"),
	}
}

func (c *Client) CreateCustomer(ctx context.Context, p CustomerParams, opts ...CallOption) (*Customer, error) {
	var out Customer
	return &out, c.post(ctx, "/v1/customers", p, &out, opts)
}

func (c *Client) AttachPaymentMethod(ctx context.Context, customerID string, p AttachParams, opts ...CallOption) (*Method, error) {
	var out Method
	return &out, c.post(ctx, "/v1/customers/"+customerID+"/payment_methods", p, &out, opts)
}

func (c *Client) Charge(ctx context.Context, p ChargeParams, opts ...CallOption) (*Charge, error) {
	var out Charge
	if err := c.post(ctx, "/v1/charges", p, &out, opts); err != nil {
		return nil, err
	}
	if out.Status == "declined" {
		return &out, fmt.Errorf("%w: %s", ErrDeclined, out.FailureReason)
	}
	return &out, nil
}

func (c *Client) Refund(ctx context.Context, p RefundParams, opts ...CallOption) (*RefundResult, error) {
	var out RefundResult
	return &out, c.post(ctx, "/v1/refunds", p, &out, opts)
}

func (c *Client) post(ctx context.Context, path string, body, out any, opts []CallOption) error {
	o := callOptions{}
	for _, fn := range opts {
		fn(&o)
	}
	if o.requestID == "" {
		o.requestID = ids.New(ids.Request)
	}

	b, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("payments: encode: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.SetBasicAuth(c.secret, "")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Id", o.requestID)
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}

	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("payments: POST %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	c.log.DebugContext(ctx, "payments call", "path", path, "status", resp.StatusCode,
		"request_id", o.requestID, "elapsed", time.Since(start))

	if resp.StatusCode == http.StatusPaymentRequired {
		return fmt.Errorf("%w: %s", ErrDeclined, string(raw))
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("payments: POST %s: status %d: %s", path, resp.StatusCode, string(raw))
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("payments: decode: %w", err)
	}
	return nil
}

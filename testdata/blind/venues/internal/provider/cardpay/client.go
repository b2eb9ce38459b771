// Package cardpay is the client for Cardpay, the card processor that takes
// deposits, instalments and manual payments and issues refunds.
//
// Cardpay deduplicates every POST on the Idempotency-Key header: a request
// that repeats a key seen in the last 24 hours gets the original response
// back instead of creating a second charge or refund. Pass the key with
// WithIdempotencyKey; the client resends the same headers on its own retries.
package cardpay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/vowhall/venues/internal/platform/kit"
	"github.com/vowhall/venues/internal/provider/httpx"
)

const provider = "cardpay"

// Client talks to the Cardpay REST API.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
	backoff kit.Backoff
	now     func() time.Time
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default http.Client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithBackoff changes how transient failures are retried.
func WithBackoff(b kit.Backoff) Option { return func(c *Client) { c.backoff = b } }

// New returns a Client for baseURL authenticated with apiKey.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		http:    httpx.DefaultClient(),
		backoff: kit.DefaultBackoff,
		now:     time.Now,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// RequestOption decorates an outgoing request.
type RequestOption func(*http.Request)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *http.Request) { r.Header.Set("Idempotency-Key", key) }
}

// CreateCharge charges a saved payment method.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest, opts ...RequestOption) (*Charge, error) {
	ch, err := post[Charge](ctx, c, "/charges", req, opts)
	if err != nil {
		return nil, classify(err)
	}
	if ch.Status == "failed" {
		return &ch, &DeclineError{ChargeID: ch.ID, Code: ch.FailureCode, Message: ch.FailureMessage}
	}
	return &ch, nil
}

// Refund refunds all or part of a charge.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...RequestOption) (*Refund, error) {
	r, err := post[Refund](ctx, c, "/refunds", req, opts)
	if err != nil {
		return nil, classify(err)
	}
	return &r, nil
}

// VerifyWebhook checks the Cardpay-Signature header of a webhook delivery.
func (c *Client) VerifyWebhook(secret string, payload []byte, header string) error {
	return httpx.VerifyTimestampedHMAC(secret, payload, header, 5*time.Minute, c.now())
}

func (c *Client) authorize(r *http.Request) {
	r.Header.Set("Authorization", "Bearer "+c.apiKey)
	r.Header.Set("Cardpay-Version", "2024-06-01")
}

// post sends body to path, retrying transient failures. The request is
// rebuilt on every attempt with the same options, so an Idempotency-Key
// set by the caller is repeated on each try.
func post[T any](ctx context.Context, c *Client, path string, body any, opts []RequestOption) (T, error) {
	return kit.Retry(ctx, c.backoff, httpx.IsRetryable, func(ctx context.Context) (T, error) {
		req, err := httpx.NewJSONRequest(ctx, http.MethodPost, c.baseURL+path, body)
		if err != nil {
			var zero T
			return zero, err
		}
		c.authorize(req)
		for _, o := range opts {
			o(req)
		}
		return httpx.Do[T](c.http, provider, req)
	})
}

func classify(err error) error {
	var apiErr *httpx.APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusPaymentRequired {
		return &DeclineError{Code: apiErr.Code, Message: apiErr.Message}
	}
	return err
}

type ChargeRequest struct {
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Customer      string            `json:"customer,omitempty"`
	PaymentMethod string            `json:"payment_method"`
	Description   string            `json:"description,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

type Charge struct {
	ID             string            `json:"id"`
	AmountCents    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Status         string            `json:"status"`
	FailureCode    string            `json:"failure_code,omitempty"`
	FailureMessage string            `json:"failure_message,omitempty"`
	Created        int64             `json:"created"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

type RefundRequest struct {
	ChargeID    string            `json:"charge"`
	AmountCents int64             `json:"amount"`
	Reason      string            `json:"reason,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

type Refund struct {
	ID          string            `json:"id"`
	ChargeID    string            `json:"charge"`
	AmountCents int64             `json:"amount"`
	Status      string            `json:"status"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Event is a webhook delivery. Cardpay redelivers an event until it gets a
// 2xx, with the same ID each time.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

const (
	EventChargeSucceeded = "charge.succeeded"
	EventChargeFailed    = "charge.failed"
	EventChargeRefunded  = "charge.refunded"
)

// DecodeData unmarshals the event's data object into a T.
func DecodeData[T any](e Event) (T, error) {
	var out T
	if err := json.Unmarshal(e.Data, &out); err != nil {
		return out, fmt.Errorf("cardpay event %s: decode %s data: %w", e.ID, e.Type, err)
	}
	return out, nil
}

// DeclineError means the card was declined; retrying will not help.
type DeclineError struct {
	ChargeID string
	Code     string
	Message  string
}

func (e *DeclineError) Error() string {
	return fmt.Sprintf("cardpay: charge declined: %s %s", e.Code, e.Message)
}

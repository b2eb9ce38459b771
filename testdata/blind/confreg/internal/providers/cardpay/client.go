// Package cardpay is the client for CardPay, the acquirer that takes ticket
// payments and charges sponsors' cards on file for their instalments.
//
// CardPay de-duplicates POST requests on the Idempotency-Key header for 24
// hours: a request repeating a key gets the original response back and no
// second charge or refund is made. Requests without the header are always
// executed.
package cardpay

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"time"

	"github.com/halcyonevents/confreg/internal/providers/httpx"
)

// Charge statuses.
const (
	StatusSucceeded = "succeeded"
	StatusPending   = "pending"
	StatusDeclined  = "declined"
)

// Config configures the client.
type Config struct {
	BaseURL   string
	APIKey    string
	Timeout   time.Duration
	UserAgent string
}

// Client calls the CardPay REST API.
type Client struct {
	http *httpx.Client
}

// New returns a Client. Keyed requests are retried on network errors and
// 5xx, since CardPay replays the stored result for a repeated key.
func New(cfg Config) *Client {
	return &Client{http: &httpx.Client{
		BaseURL:     cfg.BaseURL,
		HTTP:        &http.Client{Timeout: cfg.Timeout},
		Auth:        httpx.BearerAuth(cfg.APIKey),
		UserAgent:   cfg.UserAgent,
		MaxAttempts: 3,
		Backoff:     300 * time.Millisecond,
	}}
}

// ChargeRequest creates a charge against a payment method token or a stored
// customer.
type ChargeRequest struct {
	IdempotencyKey string            `json:"-"`
	AmountCents    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	PaymentMethod  string            `json:"payment_method,omitempty"`
	CustomerID     string            `json:"customer,omitempty"`
	Capture        string            `json:"capture,omitempty"` // "automatic" or "async"
	Description    string            `json:"description,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// Charge is CardPay's view of a charge.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	DeclineCode string `json:"decline_code,omitempty"`
}

// RefundRequest refunds all or part of a charge.
type RefundRequest struct {
	IdempotencyKey string `json:"-"`
	ChargeID       string `json:"charge"`
	AmountCents    int64  `json:"amount"`
	Reason         string `json:"reason,omitempty"`
}

// Refund is CardPay's view of a refund.
type Refund struct {
	ID          string `json:"id"`
	ChargeID    string `json:"charge"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

// CreateCharge charges a card.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	var out Charge
	err := c.http.Do(ctx, httpx.Request{
		Method: http.MethodPost,
		Path:   "/v2/charges",
		Header: keyHeader(req.IdempotencyKey),
		Body:   req,
		Retry:  req.IdempotencyKey != "",
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateRefund refunds a charge.
func (c *Client) CreateRefund(ctx context.Context, req RefundRequest) (*Refund, error) {
	var out Refund
	err := c.http.Do(ctx, httpx.Request{
		Method: http.MethodPost,
		Path:   "/v2/refunds",
		Header: keyHeader(req.IdempotencyKey),
		Body:   req,
		Retry:  req.IdempotencyKey != "",
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func keyHeader(key string) http.Header {
	h := http.Header{}
	if key != "" {
		h.Set("Idempotency-Key", key)
	}
	return h
}

// WebhookEvent is the envelope CardPay posts to our webhook endpoint.
type WebhookEvent struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Created int64  `json:"created"`
	Data    struct {
		ChargeID    string            `json:"charge_id"`
		RefundID    string            `json:"refund_id"`
		AmountCents int64             `json:"amount"`
		Status      string            `json:"status"`
		Metadata    map[string]string `json:"metadata"`
	} `json:"data"`
}

// ErrBadSignature is returned by VerifySignature.
var ErrBadSignature = errors.New("cardpay: bad webhook signature")

// VerifySignature checks the CardPay-Signature header (hex HMAC-SHA256 of the
// raw body).
func VerifySignature(secret string, body []byte, signature string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return ErrBadSignature
	}
	return nil
}

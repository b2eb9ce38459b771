// Package paygate is the client for PayGate, the card acquirer that collects
// premiums from travellers' stored payment methods and refunds them on
// cancellation.
//
// PayGate de-duplicates POST requests by the Idempotency-Key header: a
// request repeated with the same key within 24 hours returns the original
// response instead of creating a second charge or refund. The "reference"
// field is free text echoed on settlement reports and is not used for
// de-duplication.
package paygate

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/skyguard-travel/policyhub/internal/platform/httpx"
)

// ErrDeclined is returned when the issuer declines a charge.
var ErrDeclined = errors.New("paygate: card declined")

// ChargeRequest asks PayGate to charge a stored payment method.
type ChargeRequest struct {
	AmountMinor    int64  `json:"amount"`
	Currency       string `json:"currency"`
	PaymentMethod  string `json:"payment_method"`
	Reference      string `json:"reference"`
	Description    string `json:"description,omitempty"`
	IdempotencyKey string `json:"-"`
}

// Charge is a PayGate charge.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountMinor int64  `json:"amount"`
	Currency    string `json:"currency"`
	DeclineCode string `json:"decline_code,omitempty"`
}

// RefundRequest asks PayGate to refund (part of) a charge.
type RefundRequest struct {
	ChargeID       string `json:"charge"`
	AmountMinor    int64  `json:"amount"`
	Reason         string `json:"reason,omitempty"`
	IdempotencyKey string `json:"-"`
}

// Refund is a PayGate refund.
type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Gateway is the part of PayGate the premium services use.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest) (*Charge, error)
	Refund(ctx context.Context, req RefundRequest) (*Refund, error)
	VerifyWebhook(payload []byte, signature string) bool
}

type client struct {
	http          *retryablehttp.Client
	baseURL       string
	apiKey        string
	webhookSecret string
}

// New returns a PayGate Gateway.
func New(baseURL, apiKey, webhookSecret string, log *slog.Logger) Gateway {
	return &client{
		http:          httpx.New(log, httpx.WithRetryMax(4)),
		baseURL:       baseURL,
		apiKey:        apiKey,
		webhookSecret: webhookSecret,
	}
}

func (c *client) headers(idempotencyKey string) map[string]string {
	return map[string]string{
		"Authorization":   "Bearer " + c.apiKey,
		"Idempotency-Key": idempotencyKey,
	}
}

func (c *client) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	var out Charge
	status, err := httpx.DoJSON(ctx, c.http, "paygate", httpx.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/charges",
		Body:    req,
		Headers: c.headers(req.IdempotencyKey),
	}, &out)
	if status == http.StatusPaymentRequired {
		return nil, ErrDeclined
	}
	if err != nil {
		return nil, err
	}
	if out.Status == "declined" {
		return &out, ErrDeclined
	}
	return &out, nil
}

func (c *client) Refund(ctx context.Context, req RefundRequest) (*Refund, error) {
	var out Refund
	if _, err := httpx.DoJSON(ctx, c.http, "paygate", httpx.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/refunds",
		Body:    req,
		Headers: c.headers(req.IdempotencyKey),
	}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// VerifyWebhook checks the PayGate-Signature header (hex HMAC-SHA256 of the
// raw body with the webhook secret).
func (c *client) VerifyWebhook(payload []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(c.webhookSecret))
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}

// Package directdebit is a client for Debitline, the Bacs direct-debit
// provider that holds our customers' mandates and collects invoice payments.
//
// Debitline honours an Idempotency-Key header on every POST: a repeated key
// within 24 hours returns the resource created by the first request instead
// of creating a new payment or refund. Webhooks are signed with HMAC-SHA256
// and redelivered with backoff until we answer 2xx.
package directdebit

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/crumbworks/ovenline/internal/config"
	"github.com/crumbworks/ovenline/internal/providers/provhttp"
)

// Client talks to the Debitline REST API.
type Client struct {
	t *provhttp.Transport
}

// New builds a Client from provider configuration.
func New(cfg config.Config) *Client {
	return &Client{t: provhttp.New(cfg.DirectDebit.BaseURL, cfg.DirectDebit.Timeout, provhttp.Bearer(cfg.DirectDebit.APIKey))}
}

// CallOption adjusts a single API call.
type CallOption = provhttp.RequestOption

// IdempotencyKey makes a POST safe to repeat: Debitline replays the first
// response for the same key.
func IdempotencyKey(key string) CallOption {
	return provhttp.WithHeader("Idempotency-Key", key)
}

// Payment is a Debitline payment (one collection from a mandate).
type Payment struct {
	ID          string            `json:"id"`
	Status      string            `json:"status"`
	AmountPence int               `json:"amount"`
	Currency    string            `json:"currency"`
	ChargeDate  string            `json:"charge_date"`
	Reference   string            `json:"reference"`
	Metadata    map[string]string `json:"metadata"`
	MandateID   string            `json:"mandate"`
	CreatedAt   time.Time         `json:"created_at"`
}

// CreatePaymentRequest collects AmountPence from a mandate.
type CreatePaymentRequest struct {
	MandateID   string            `json:"mandate"`
	AmountPence int               `json:"amount"`
	Currency    string            `json:"currency"`
	ChargeDate  string            `json:"charge_date,omitempty"`
	Reference   string            `json:"reference"`
	Description string            `json:"description,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// CreatePayment schedules a collection against a mandate.
func (c *Client) CreatePayment(ctx context.Context, req CreatePaymentRequest, opts ...CallOption) (Payment, error) {
	var out struct {
		Payment Payment `json:"payments"`
	}
	body := map[string]any{"payments": req}
	if err := c.t.Do(ctx, http.MethodPost, "/payments", body, &out, opts...); err != nil {
		return Payment{}, fmt.Errorf("debitline: create payment: %w", err)
	}
	return out.Payment, nil
}

// Refund is a Debitline refund against a collected payment.
type Refund struct {
	ID          string    `json:"id"`
	PaymentID   string    `json:"payment"`
	AmountPence int       `json:"amount"`
	Reference   string    `json:"reference"`
	Status      string    `json:"status"`
	CreatedAt   time.Time `json:"created_at"`
}

// CreateRefundRequest refunds part or all of a payment.
type CreateRefundRequest struct {
	PaymentID   string            `json:"payment"`
	AmountPence int               `json:"amount"`
	Reference   string            `json:"reference"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	// TotalAmountConfirmation guards against over-refunding: the provider
	// rejects the refund unless it equals the payment's refunded total after
	// this refund.
	TotalAmountConfirmation int `json:"total_amount_confirmation,omitempty"`
}

// CreateRefund returns money to the customer's bank account.
func (c *Client) CreateRefund(ctx context.Context, req CreateRefundRequest, opts ...CallOption) (Refund, error) {
	var out struct {
		Refund Refund `json:"refunds"`
	}
	body := map[string]any{"refunds": req}
	if err := c.t.Do(ctx, http.MethodPost, "/refunds", body, &out, opts...); err != nil {
		return Refund{}, fmt.Errorf("debitline: create refund: %w", err)
	}
	return out.Refund, nil
}

// Event is one entry of a webhook delivery.
type Event struct {
	ID           string            `json:"id"`
	ResourceType string            `json:"resource_type"`
	Action       string            `json:"action"`
	Links        map[string]string `json:"links"`
	Details      struct {
		Cause       string `json:"cause"`
		Description string `json:"description"`
	} `json:"details"`
	CreatedAt time.Time `json:"created_at"`
}

// WebhookBody is the JSON Debitline posts to our webhook endpoint.
type WebhookBody struct {
	Events []Event `json:"events"`
}

// VerifySignature checks the Webhook-Signature header against the raw body.
func VerifySignature(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}

// ParseWebhook verifies and decodes a webhook delivery.
func ParseWebhook(secret string, body []byte, signature string) (WebhookBody, error) {
	if !VerifySignature(secret, body, signature) {
		return WebhookBody{}, fmt.Errorf("debitline: bad webhook signature")
	}
	var wb WebhookBody
	if err := json.Unmarshal(body, &wb); err != nil {
		return WebhookBody{}, fmt.Errorf("debitline: decode webhook: %w", err)
	}
	return wb, nil
}

// Package cardpay is a client for Cardpay, the card acquirer used by
// customers who settle invoices by card on file.
//
// Cardpay charges are created through the payment-intents endpoint, which
// accepts an Idempotency-Key header; a repeated key returns the original
// intent (including its outcome) rather than charging again.
package cardpay

import (
	"context"
	"fmt"
	"net/http"

	"github.com/crumbworks/ovenline/internal/config"
	"github.com/crumbworks/ovenline/internal/providers/provhttp"
)

// Client talks to the Cardpay API.
type Client struct {
	t *provhttp.Transport
}

// New builds a Client from provider configuration.
func New(cfg config.Config) *Client {
	return &Client{t: provhttp.New(cfg.CardPay.BaseURL, cfg.CardPay.Timeout, func(r *http.Request) {
		r.SetBasicAuth(cfg.CardPay.APIKey, "")
	})}
}

// ChargeRequest charges a stored card.
type ChargeRequest struct {
	CustomerRef    string            `json:"customer"`
	AmountPence    int               `json:"amount"`
	Currency       string            `json:"currency"`
	Description    string            `json:"description"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	OffSession     bool              `json:"off_session"`
	Confirm        bool              `json:"confirm"`
	IdempotencyKey string            `json:"-"`
}

// Intent is the result of a charge.
type Intent struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	AmountPence   int    `json:"amount"`
	FailureCode   string `json:"last_payment_error_code,omitempty"`
	FailureReason string `json:"last_payment_error_message,omitempty"`
}

// Succeeded reports whether the card was charged.
func (i Intent) Succeeded() bool { return i.Status == "succeeded" }

// Charge creates and confirms a payment intent against the customer's
// default card.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (Intent, error) {
	if req.Currency == "" {
		req.Currency = "gbp"
	}
	var out Intent
	err := c.t.Do(ctx, http.MethodPost, "/payment_intents", req, &out,
		provhttp.WithHeader("Idempotency-Key", req.IdempotencyKey))
	if err != nil {
		return Intent{}, fmt.Errorf("cardpay: charge: %w", err)
	}
	return out, nil
}

// Package payments is the client for Tillbird, the payment provider that
// collects membership dues.
package payments

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/furrowline/seedbank/internal/providers/apiclient"
)

type Client struct {
	api    *apiclient.Client
	secret string
}

func New(baseURL, apiKey, webhookSecret string, timeout time.Duration) *Client {
	return &Client{
		api:    apiclient.New(baseURL, timeout, apiclient.HeaderAuth("Authorization", "Bearer "+apiKey)),
		secret: webhookSecret,
	}
}

// ChargeParams describe one card charge. Tillbird keeps an Idempotency-Key
// for 24 hours and answers a repeated key with the original charge.
type ChargeParams struct {
	Customer       string            `json:"customer"`
	AmountCents    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	PaymentMethod  string            `json:"payment_method,omitempty"`
	Description    string            `json:"description"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	IdempotencyKey string            `json:"-"`
}

type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
}

// CreateCharge charges a customer.
func (c *Client) CreateCharge(ctx context.Context, p ChargeParams) (*Charge, error) {
	h := http.Header{}
	if p.IdempotencyKey != "" {
		h.Set("Idempotency-Key", p.IdempotencyKey)
	}
	var out Charge
	if err := c.api.Do(ctx, http.MethodPost, "/charges", p, &out, h); err != nil {
		return nil, err
	}
	return &out, nil
}

// Event is a webhook notification.
type Event struct {
	ID   string          `json:"id"`
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// ChargeEventData is the data of charge.* events.
type ChargeEventData struct {
	Charge
	Metadata map[string]string `json:"metadata"`
}

// ParseWebhook verifies the Tillbird-Signature header and decodes the event.
func (c *Client) ParseWebhook(body []byte, signature string) (*Event, error) {
	return apiclient.ParseSigned[Event](c.secret, body, signature)
}

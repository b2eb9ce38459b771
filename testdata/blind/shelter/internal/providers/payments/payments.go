// Package payments is the client for Tillpoint, the card processor that
// collects adoption fees.
//
// Tillpoint deduplicates POST requests that carry the same Idempotency-Key
// header for 24 hours and replays the first response.
package payments

import (
	"context"
	"net/http"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/providers/httpjson"
)

type Client struct{ api *httpjson.Client }

func New(cfg config.Config) *Client {
	return &Client{api: httpjson.New(cfg.PaymentsBaseURL, cfg.ProviderTimeout, httpjson.Bearer(cfg.PaymentsAPIKey))}
}

type ChargeRequest struct {
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	PaymentMethod string            `json:"payment_method"`
	Description   string            `json:"description"`
	ReceiptEmail  string            `json:"receipt_email,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`

	// IdempotencyKey is sent as the Idempotency-Key header.
	IdempotencyKey string `json:"-"`
}

type Charge struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Amount int64  `json:"amount"`
}

func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest) (Charge, error) {
	var out Charge
	err := c.api.Do(ctx, http.MethodPost, "/charges", req, &out,
		httpjson.WithHeader("Idempotency-Key", req.IdempotencyKey))
	return out, err
}

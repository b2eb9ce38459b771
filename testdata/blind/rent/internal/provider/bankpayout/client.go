// Package bankpayout is a client for the bank transfer provider used to pay
// landlords. The provider deduplicates transfers on the client_transfer_id
// body field.
package bankpayout

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/keystone-pm/rent/internal/provider/transport"
)

type Client struct {
	baseURL string
	apiKey  string
	hc      *http.Client
	policy  transport.Policy
}

type Config struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

func New(cfg Config) *Client {
	return &Client{
		baseURL: cfg.BaseURL,
		apiKey:  cfg.APIKey,
		hc:      &http.Client{Timeout: cfg.Timeout},
		policy:  transport.DefaultPolicy,
	}
}

// TransferRequest is the body of POST /transfers.
type TransferRequest struct {
	ClientTransferID   string `json:"client_transfer_id"`
	RecipientAccountID string `json:"recipient_account_id"`
	AmountCents        int64  `json:"amount_cents"`
	Currency           string `json:"currency"`
	Speed              string `json:"speed"`
	Memo               string `json:"memo,omitempty"`
}

// Transfer is the provider's representation of a payout.
type Transfer struct {
	ID               string `json:"id"`
	ClientTransferID string `json:"client_transfer_id"`
	Status           string `json:"status"`
	FailureReason    string `json:"failure_reason,omitempty"`
}

const (
	SpeedStandard = "standard"
	SpeedInstant  = "instant"
)

// CreateTransfer submits a payout.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	if req.Currency == "" {
		req.Currency = "USD"
	}
	if req.Speed == "" {
		req.Speed = SpeedStandard
	}
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	var out Transfer
	err := transport.Do(ctx, c.hc, c.policy, transport.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v2/transfers",
		Header:  h,
		JSON:    req,
		Decoded: &out,
	})
	if err != nil {
		return nil, fmt.Errorf("bankpayout: create transfer %s: %w", req.ClientTransferID, err)
	}
	return &out, nil
}

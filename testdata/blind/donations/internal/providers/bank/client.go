// Package bank submits outbound Faster Payments transfers to charities'
// bank accounts through the platform's banking partner. The payments API
// has no idempotency support: every accepted POST is a new transfer.
package bank

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/kindredgive/donations/internal/config"
)

// Beneficiary is the destination account.
type Beneficiary struct {
	Name          string `json:"name"`
	SortCode      string `json:"sort_code"`
	AccountNumber string `json:"account_number"`
}

// TransferRequest is the body of POST /payments.
type TransferRequest struct {
	SourceAccount string      `json:"source_account"`
	Beneficiary   Beneficiary `json:"beneficiary"`
	AmountPence   int64       `json:"amount_pence"`
	Reference     string      `json:"reference"`
}

// TransferResult is the bank's acknowledgement.
type TransferResult struct {
	PaymentID string `json:"payment_id"`
	Status    string `json:"status"`
}

// Client is the banking partner API.
type Client interface {
	Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error)
}

type client struct {
	base, key, source string
	http              *http.Client
}

// New returns a bank client.
func New(cfg *config.Config) Client {
	return &client{
		base:   cfg.Bank.BaseURL,
		key:    cfg.Bank.APIKey,
		source: cfg.Bank.SourceAccount,
		http:   &http.Client{Timeout: 30 * time.Second},
	}
}

func (c *client) Transfer(ctx context.Context, r TransferRequest) (*TransferResult, error) {
	if r.SourceAccount == "" {
		r.SourceAccount = c.source
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/payments", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "ApiKey "+c.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("bank transfer: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("bank transfer: status %d: %s", resp.StatusCode, raw)
	}
	var out TransferResult
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

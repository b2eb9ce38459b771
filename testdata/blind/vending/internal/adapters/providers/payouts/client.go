// Package payouts is a client for the PayRail bank-transfer API, used to pay
// site hosts their monthly commission.
//
// PayRail honours an Idempotency-Key header on POST /v2/transfers for seven
// days: a repeated request with the same key returns the original transfer.
// A transfer without a key is always executed.
package payouts

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/vendgrid/fleetops/internal/app"
)

type Client struct {
	baseURL  string
	apiKey   string
	http     *http.Client
	sourceID string
}

type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithSourceAccount selects the operator account the money leaves from.
func WithSourceAccount(id string) Option { return func(c *Client) { c.sourceID = id } }

func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 30 * time.Second}, sourceID: "primary"}
	for _, o := range opts {
		o(c)
	}
	return c
}

var _ app.PayoutProvider = (*Client)(nil)

type transferRequest struct {
	Source      string `json:"source_account"`
	Destination string `json:"destination_iban"`
	Amount      int64  `json:"amount_minor"`
	Currency    string `json:"currency"`
	Description string `json:"remittance_info"`
}

type transferResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Transfer sends money to a host's bank account.
func (c *Client) Transfer(ctx context.Context, t app.PayoutTransfer) (app.PayoutResult, error) {
	body, err := json.Marshal(transferRequest{
		Source:      c.sourceID,
		Destination: t.Account,
		Amount:      int64(t.AmountCents),
		Currency:    t.Currency,
		Description: t.Description,
	})
	if err != nil {
		return app.PayoutResult{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/transfers", bytes.NewReader(body))
	if err != nil {
		return app.PayoutResult{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if t.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", t.IdempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return app.PayoutResult{}, fmt.Errorf("payrail: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return app.PayoutResult{}, &app.ProviderRejection{Provider: "payrail", Code: resp.Status, Message: string(raw)}
	}
	if resp.StatusCode >= 300 {
		return app.PayoutResult{}, fmt.Errorf("payrail: status %d", resp.StatusCode)
	}
	var out transferResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return app.PayoutResult{}, fmt.Errorf("payrail: decode: %w", err)
	}
	return app.PayoutResult{TransferID: out.ID, Status: out.Status}, nil
}

// Package bankxfer is a client for the bank-transfer partner used for
// farmer payouts.
//
// The partner deduplicates transfers on client_reference: a second
// POST /transfers with the same client_reference from the same source
// account within 30 days returns the existing transfer (HTTP 200 instead of
// 201). Requests without client_reference are never deduplicated.
package bankxfer

import (
	"context"
	"net/http"
	"net/url"

	"github.com/harvestloop/farmshare/internal/platform/providerhttp"
)

// Transfer statuses.
const (
	TransferPending  = "pending"
	TransferSettled  = "settled"
	TransferReturned = "returned"
	TransferFailed   = "failed"
)

// TransferRequest asks the partner to move money to a beneficiary.
type TransferRequest struct {
	SourceAccount   string `json:"source_account"`
	BeneficiaryID   string `json:"beneficiary_id"`
	AmountCents     int64  `json:"amount_minor"`
	Currency        string `json:"currency"`
	Reference       string `json:"reference"`
	ClientReference string `json:"client_reference,omitempty"`
	Speed           string `json:"speed,omitempty"`
}

// Transfer is the partner's transfer object.
type Transfer struct {
	ID              string `json:"id"`
	Status          string `json:"status"`
	AmountCents     int64  `json:"amount_minor"`
	ClientReference string `json:"client_reference"`
}

// Client talks to the partner.
type Client struct {
	api           *providerhttp.Client
	sourceAccount string
}

// New returns a client for the given source account.
func New(baseURL, apiKey, sourceAccount string) *Client {
	return &Client{
		api: providerhttp.New(baseURL, func(r *http.Request) {
			r.Header.Set("X-Api-Key", apiKey)
		}),
		sourceAccount: sourceAccount,
	}
}

// CreateTransfer submits a transfer from our source account.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	if req.SourceAccount == "" {
		req.SourceAccount = c.sourceAccount
	}
	if req.Currency == "" {
		req.Currency = "GBP"
	}
	var t Transfer
	if err := c.api.Do(ctx, http.MethodPost, "/v2/transfers", req, &t, nil); err != nil {
		return nil, err
	}
	return &t, nil
}

// GetTransfer fetches a transfer.
func (c *Client) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	var t Transfer
	if err := c.api.Do(ctx, http.MethodGet, "/v2/transfers/"+url.PathEscape(id), nil, &t, nil); err != nil {
		return nil, err
	}
	return &t, nil
}

// Notification is what the partner posts to our webhook. It is retried
// hourly for 48 hours until acknowledged with a 2xx.
type Notification struct {
	NotificationID string `json:"notification_id"`
	Type           string `json:"type"`
	TransferID     string `json:"transfer_id"`
	ClientRef      string `json:"client_reference"`
	Status         string `json:"status"`
	AmountCents    int64  `json:"amount_minor"`
	ReturnReason   string `json:"return_reason,omitempty"`
}

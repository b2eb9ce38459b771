// Package payouts is the client for Remitbridge, the bank-transfer provider
// that pays translators.
//
// Remitbridge deduplicates creates on the idempotency_key field of the JSON
// body: a second create with a key it has seen returns the first object.
package payouts

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Recipient is a bank destination registered at Remitbridge.
type Recipient struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// RecipientRequest registers a bank account.
type RecipientRequest struct {
	IdempotencyKey string `json:"idempotency_key,omitempty"`
	Reference      string `json:"reference"`
	HolderName     string `json:"holder_name"`
	IBAN           string `json:"iban"`
	Country        string `json:"country"`
	Currency       string `json:"currency"`
}

// TransferRequest moves money to a recipient.
type TransferRequest struct {
	IdempotencyKey string            `json:"idempotency_key,omitempty"`
	Recipient      string            `json:"recipient"`
	Amount         int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Reference      string            `json:"reference"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// Transfer is a payout at Remitbridge.
type Transfer struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Reference string `json:"reference"`
}

// Client is the subset of Remitbridge used here.
type Client interface {
	CreateRecipient(ctx context.Context, req RecipientRequest) (*Recipient, error)
	CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error)
	GetTransfer(ctx context.Context, id string) (*Transfer, error)
}

type client struct {
	base   string
	apiKey string
	hc     *retryablehttp.Client
}

// New builds a Remitbridge client.
func New(base, apiKey string, hc *retryablehttp.Client) Client {
	return &client{base: base, apiKey: apiKey, hc: hc}
}

func (c *client) auth() http.Header {
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	return h
}

func (c *client) CreateRecipient(ctx context.Context, req RecipientRequest) (*Recipient, error) {
	var out Recipient
	if err := platform.DoJSON(ctx, c.hc, "remitbridge", http.MethodPost, c.base+"/recipients", c.auth(), req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	var out Transfer
	if err := platform.DoJSON(ctx, c.hc, "remitbridge", http.MethodPost, c.base+"/transfers", c.auth(), req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	var out Transfer
	u := fmt.Sprintf("%s/transfers/%s", c.base, url.PathEscape(id))
	if err := platform.DoJSON(ctx, c.hc, "remitbridge", http.MethodGet, u, c.auth(), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

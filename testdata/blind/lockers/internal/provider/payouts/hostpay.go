// Package payouts is a client for HostPay bank transfers to site hosts.
//
// HostPay deduplicates transfers on the idempotency_key body field: a
// second transfer with a key it has already seen is answered with the first
// transfer and no money moves.
package payouts

import (
	"context"
	"net/http"

	"github.com/quayside/lockers/internal/provider/apiclient"
)

type Option func(*Client)

func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.api.HTTP = hc }
}

func WithCredentials(clientID, secret string) Option {
	return func(c *Client) {
		c.api.Header.Set("X-Client-Id", clientID)
		c.api.Header.Set("X-Client-Secret", secret)
	}
}

func WithFundingAccount(acct string) Option {
	return func(c *Client) { c.funding = acct }
}

type Client struct {
	api     *apiclient.Client
	funding string
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{api: apiclient.New("hostpay", baseURL, nil)}
	for _, o := range opts {
		o(c)
	}
	return c
}

type Transfer struct {
	Beneficiary string
	AmountCents int64
	Currency    string
	Reference   string
}

// TransferOption modifies a transfer request.
type TransferOption func(*transferBody)

func WithIdempotencyKey(key string) TransferOption {
	return func(b *transferBody) { b.IdempotencyKey = key }
}

func WithScheduledDate(date string) TransferOption {
	return func(b *transferBody) { b.ExecuteOn = date }
}

type transferBody struct {
	FundingAccount string `json:"funding_account"`
	Beneficiary    string `json:"beneficiary_account"`
	Amount         int64  `json:"amount"`
	Currency       string `json:"currency"`
	Reference      string `json:"remittance_reference"`
	IdempotencyKey string `json:"idempotency_key,omitempty"`
	ExecuteOn      string `json:"execute_on,omitempty"`
}

type TransferResult struct {
	ID     string `json:"transfer_id"`
	Status string `json:"status"`
}

func (c *Client) Send(ctx context.Context, t Transfer, opts ...TransferOption) (TransferResult, error) {
	body := transferBody{
		FundingAccount: c.funding,
		Beneficiary:    t.Beneficiary,
		Amount:         t.AmountCents,
		Currency:       t.Currency,
		Reference:      t.Reference,
	}
	if body.Currency == "" {
		body.Currency = "EUR"
	}
	for _, o := range opts {
		o(&body)
	}
	var out TransferResult
	err := c.api.Do(ctx, apiclient.Request{Method: http.MethodPost, Path: "/transfers", Body: body}, &out)
	return out, err
}

// Package bankpay is the client for the sponsor bank's ACH transfer API,
// used to pay merchants for settled fuel and fleets for their rebates.
//
// The bank offers no idempotency key and no client reference on transfer
// creation: every accepted POST /v2/transfers is a new transfer. The
// memo is free text and is not checked for duplicates.
package bankpay

import (
	"context"
	"net/http"
	"time"

	"github.com/ridgeline-fleet/fuelcards/internal/providers/httpx"
)

// Client creates ACH transfers from the program's funding account.
type Client struct {
	http    *httpx.Client
	funding string
}

// New builds a Client. Transfers are not retried by the HTTP layer.
func New(baseURL, clientID, secret, fundingAccount string, opts ...httpx.Option) *Client {
	opts = append([]httpx.Option{
		httpx.WithAuth(func(r *http.Request) { r.SetBasicAuth(clientID, secret) }),
		httpx.WithRetries(0, 0),
		httpx.WithHTTPClient(&http.Client{Timeout: 30 * time.Second}),
	}, opts...)
	return &Client{http: httpx.New(baseURL, opts...), funding: fundingAccount}
}

// TransferRequest is a credit to an external account.
type TransferRequest struct {
	ToAccountRef string `json:"to_account"`
	AmountCents  int64  `json:"amount_cents"`
	Memo         string `json:"memo"`
	SameDay      bool   `json:"same_day"`
}

type createTransfer struct {
	FromAccount string `json:"from_account"`
	TransferRequest
}

// Transfer is the bank's record of a transfer.
type Transfer struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	CreatedAt string `json:"created_at"`
}

// CreateTransfer initiates an ACH credit.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest) (Transfer, error) {
	var out Transfer
	err := c.http.Do(ctx, http.MethodPost, "/v2/transfers", nil, createTransfer{FromAccount: c.funding, TransferRequest: req}, &out)
	return out, err
}

// Package payouts is the client for the payout provider that pushes money
// to bank accounts: deposit refunds to students and invoice payments to
// contractors.
//
// The provider deduplicates transfers on the "reference" field: a second
// POST /v2/transfers with a reference it has already seen returns the
// existing transfer with 200 instead of moving money again. A transfer
// without a reference is always new.
package payouts

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/quadhall/housing/internal/httpclient"
)

// Config holds provider credentials.
type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
}

// Client is the payout provider API client.
type Client struct {
	cfg  Config
	http *http.Client
}

// New returns a Client.
func New(cfg Config, hc *http.Client) *Client { return &Client{cfg: cfg, http: hc} }

// TransferRequest is the body of POST /v2/transfers.
type TransferRequest struct {
	DestinationAccount string `json:"destination_account"`
	AmountCents        int64  `json:"amount_minor"`
	Currency           string `json:"currency"`
	Reference          string `json:"reference,omitempty"`
	StatementText      string `json:"statement_descriptor"`
}

// Transfer is the provider's transfer object.
type Transfer struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	Reference string `json:"reference"`
}

// CreateTransfer starts a bank transfer. The transport may replay the call
// only when a reference is set, since that is what the provider dedupes on.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	if req.Currency == "" {
		req.Currency = "USD"
	}
	if req.Reference != "" {
		ctx = httpclient.Replayable(ctx)
	}
	h := http.Header{}
	h.Set("X-Api-Key", c.cfg.APIKey)
	var out Transfer
	if err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "payouts",
		Method:   http.MethodPost,
		URL:      c.cfg.BaseURL + "/v2/transfers",
		Header:   h,
		Body:     req,
	}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Event is a payout webhook delivery.
type Event struct {
	EventID    string `json:"event_id"`
	Type       string `json:"type"` // transfer.paid, transfer.failed, transfer.returned
	TransferID string `json:"transfer_id"`
	Reference  string `json:"reference"`
	Reason     string `json:"reason,omitempty"`
}

// ParseEvent verifies the X-Payouts-Signature header (base64 HMAC-SHA256 of
// the body) and decodes the event.
func (c *Client) ParseEvent(body []byte, signature string) (*Event, error) {
	mac := hmac.New(sha256.New, []byte(c.cfg.WebhookSecret))
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return nil, errors.New("payouts: bad webhook signature")
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return nil, err
	}
	return &ev, nil
}

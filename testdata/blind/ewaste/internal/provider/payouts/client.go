// Package payouts is the client for the bank-transfer payouts provider.
//
// Every POST accepts an Idempotency-Key header; the provider stores the
// first response for a key for 30 days and replays it for repeats, without
// creating a second recipient or moving money twice.
package payouts

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/circuitback/buyback/internal/provider/httpx"
)

const Name = "payouts"

type requestOptions struct {
	idempotencyKey string
}

// RequestOption customises a single provider call.
type RequestOption func(*requestOptions)

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

func headers(opts []RequestOption) http.Header {
	var o requestOptions
	for _, fn := range opts {
		fn(&o)
	}
	return httpx.Header("Idempotency-Key", o.idempotencyKey)
}

type BankAccount struct {
	HolderName    string `json:"holder_name"`
	RoutingNumber string `json:"routing_number"`
	AccountNumber string `json:"account_number"`
	AccountType   string `json:"account_type"` // checking | savings
	Country       string `json:"country"`
}

type RecipientInput struct {
	ExternalRef string      `json:"external_ref"`
	Email       string      `json:"email"`
	Name        string      `json:"name"`
	Bank        BankAccount `json:"bank_account"`
}

type Recipient struct {
	ID        string `json:"id"`
	Status    string `json:"status"` // pending_verification | verified
	BankLast4 string `json:"bank_last4"`
}

type TransferInput struct {
	RecipientID string            `json:"recipient_id"`
	AmountCents int64             `json:"amount_cents"`
	Currency    string            `json:"currency"`
	Reference   string            `json:"reference"`
	Description string            `json:"statement_descriptor"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

type Transfer struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"` // pending | paid | failed | returned
	AmountCents int64     `json:"amount_cents"`
	CreatedAt   time.Time `json:"created_at"`
}

type Client struct {
	http *httpx.Client
}

func New(baseURL, apiKey string) *Client {
	return &Client{http: httpx.New(Name, strings.TrimRight(baseURL, "/"), func(r *http.Request) {
		r.SetBasicAuth(apiKey, "")
	})}
}

// CreateRecipient registers a customer's bank account for payouts.
func (c *Client) CreateRecipient(ctx context.Context, in RecipientInput, opts ...RequestOption) (*Recipient, error) {
	var out Recipient
	if err := c.http.Do(ctx, http.MethodPost, "/recipients", in, &out, headers(opts)); err != nil {
		return nil, fmt.Errorf("create recipient %s: %w", in.ExternalRef, err)
	}
	return &out, nil
}

// CreateTransfer sends money to a recipient.
func (c *Client) CreateTransfer(ctx context.Context, in TransferInput, opts ...RequestOption) (*Transfer, error) {
	var out Transfer
	if err := c.http.Do(ctx, http.MethodPost, "/transfers", in, &out, headers(opts)); err != nil {
		return nil, fmt.Errorf("create transfer %s: %w", in.Reference, err)
	}
	return &out, nil
}

func (c *Client) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	var out Transfer
	if err := c.http.Do(ctx, http.MethodGet, "/transfers/"+id, nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// Event is the payouts webhook envelope.
type Event struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"` // transfer.paid | transfer.failed | transfer.returned
	CreatedAt time.Time `json:"created_at"`
	Data      struct {
		TransferID    string `json:"transfer_id"`
		Reference     string `json:"reference"`
		Status        string `json:"status"`
		FailureCode   string `json:"failure_code,omitempty"`
		FailureReason string `json:"failure_message,omitempty"`
	} `json:"data"`
}

// VerifySignature checks the Payouts-Signature header ("t=<unix>,v1=<hex>").
func VerifySignature(secret string, body []byte, header string, now time.Time) bool {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return false
	}
	if t, err := time.Parse(time.RFC3339, ts); err == nil && now.Sub(t) > 10*time.Minute {
		return false
	}
	return httpx.VerifyHMAC(secret, append([]byte(ts+"."), body...), sig)
}

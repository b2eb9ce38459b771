// Package achpay is the client for Ledgerline, the ACH originator that
// pushes seller payouts to bank accounts.
//
// Every Ledgerline POST honours an Idempotency-Key header: a repeat with the
// same key within 24 hours returns the first response and creates nothing.
// Requests without the header are always executed.
package achpay

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"

	"github.com/ironbridge-metals/yardops/internal/provider/httpjson"
)

type Client struct {
	http *httpjson.Client
}

func New(baseURL, apiKey string, opts ...httpjson.Option) *Client {
	opts = append([]httpjson.Option{httpjson.WithAuth(httpjson.Bearer(apiKey))}, opts...)
	return &Client{http: httpjson.New("ledgerline", baseURL, opts...)}
}

// CallOption adjusts a single request.
type CallOption func(http.Header)

// WithIdempotencyKey sets Ledgerline's Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(h http.Header) { h.Set("Idempotency-Key", key) }
}

func headers(opts []CallOption) http.Header {
	h := http.Header{}
	for _, o := range opts {
		o(h)
	}
	return h
}

type RecipientRequest struct {
	Name          string            `json:"name"`
	RoutingNumber string            `json:"routing_number"`
	AccountNumber string            `json:"account_number"`
	AccountType   string            `json:"account_type"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

type Recipient struct {
	ID    string `json:"id"`
	Last4 string `json:"account_last4"`
}

// CreateRecipient registers a seller's bank account as a payout destination.
func (c *Client) CreateRecipient(ctx context.Context, req RecipientRequest, opts ...CallOption) (Recipient, error) {
	var out Recipient
	_, err := c.http.Do(ctx, http.MethodPost, "/v1/recipients", headers(opts), req, &out)
	return out, err
}

type TransferRequest struct {
	OriginAccount string            `json:"origin_account"`
	RecipientID   string            `json:"recipient_id"`
	AmountCents   int64             `json:"amount_cents"`
	Currency      string            `json:"currency"`
	SameDay       bool              `json:"same_day"`
	Description   string            `json:"description"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

type Transfer struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CreateTransfer originates an ACH credit to a recipient.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest, opts ...CallOption) (Transfer, error) {
	var out Transfer
	_, err := c.http.Do(ctx, http.MethodPost, "/v1/transfers", headers(opts), req, &out)
	return out, err
}

// VerifySignature checks the Ledgerline-Signature header of a webhook body.
func VerifySignature(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}

// WebhookEvent is the body Ledgerline posts for transfer lifecycle changes.
// Ledgerline retries delivery until it gets a 2xx, reusing the event id.
type WebhookEvent struct {
	ID   string `json:"id"`
	Type string `json:"type"` // transfer.completed, transfer.returned, transfer.failed
	Data struct {
		TransferID string `json:"transfer_id"`
		ReturnCode string `json:"return_code,omitempty"`
		Reason     string `json:"reason,omitempty"`
	} `json:"data"`
}

// Package bankpay is the client for the bank-payout partner that moves money
// to subcontractors' accounts.
//
// Every mutating endpoint honours an Idempotency-Key header: a repeated key
// within 24 hours returns the original response instead of acting again.
package bankpay

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"time"

	"github.com/driftline-services/snowplow/internal/platform/apiclient"
)

// Client talks to the payout partner.
type Client struct {
	baseURL string
	apiKey  string
	hc      *http.Client
	ua      string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default HTTP client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.ua = ua } }

// NewClient returns a Client for baseURL authenticated with apiKey.
func NewClient(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		hc:      &http.Client{Timeout: 20 * time.Second},
		ua:      "snowplow-bankpay/1",
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type callConfig struct {
	idempotencyKey string
}

// CallOption adjusts a single request.
type CallOption func(*callConfig)

// WithIdempotencyKey sets the Idempotency-Key header for a mutating call.
func WithIdempotencyKey(key string) CallOption {
	return func(cc *callConfig) { cc.idempotencyKey = key }
}

// NewIdempotencyKey returns a random key with the given prefix.
func NewIdempotencyKey(prefix string) string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return prefix + "_" + hex.EncodeToString(b[:])
}

func (c *Client) header(opts []CallOption) http.Header {
	var cc callConfig
	for _, o := range opts {
		o(&cc)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	h.Set("User-Agent", c.ua)
	if cc.idempotencyKey != "" {
		h.Set("Idempotency-Key", cc.idempotencyKey)
	}
	return h
}

// RecipientRequest registers a bank account that payouts can be sent to.
type RecipientRequest struct {
	HolderName    string            `json:"holder_name"`
	RoutingNumber string            `json:"routing_number"`
	AccountNumber string            `json:"account_number"`
	AccountType   string            `json:"account_type"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// Recipient is a registered bank account.
type Recipient struct {
	ID       string `json:"id"`
	Last4    string `json:"last4"`
	Verified bool   `json:"verified"`
}

// CreateRecipient registers a bank account.
func (c *Client) CreateRecipient(ctx context.Context, req RecipientRequest, opts ...CallOption) (Recipient, error) {
	var out Recipient
	err := apiclient.DoJSON(ctx, c.hc, apiclient.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v2/recipients",
		Header: c.header(opts),
		Body:   req,
	}, &out)
	return out, err
}

// PayoutRequest moves AmountCents to a registered recipient.
type PayoutRequest struct {
	RecipientID string            `json:"recipient_id"`
	AmountCents int64             `json:"amount_cents"`
	Currency    string            `json:"currency"`
	Descriptor  string            `json:"statement_descriptor"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Payout is the partner's view of a transfer.
type Payout struct {
	ID     string `json:"id"`
	Status string `json:"status"` // pending, paid, failed, returned
}

// CreatePayout starts a transfer.
func (c *Client) CreatePayout(ctx context.Context, req PayoutRequest, opts ...CallOption) (Payout, error) {
	var out Payout
	err := apiclient.DoJSON(ctx, c.hc, apiclient.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v2/payouts",
		Header: c.header(opts),
		Body:   req,
	}, &out)
	return out, err
}

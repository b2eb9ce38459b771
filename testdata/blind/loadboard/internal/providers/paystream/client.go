// Package paystream is a client for the Paystream payouts API used for
// carrier quick-pay.
//
// Paystream de-duplicates POST requests that carry an Idempotency-Key header:
// a repeated key within 24 hours returns the original response instead of
// creating a second transfer.
package paystream

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/haulgrid/loadboard/internal/platform/httpx"
)

// Config configures the client.
type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
}

// Client talks to Paystream.
type Client struct {
	baseURL       string
	apiKey        string
	webhookSecret string
	hc            *http.Client
	policy        httpx.Policy
}

func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 15 * time.Second
	}
	return &Client{
		baseURL:       strings.TrimRight(cfg.BaseURL, "/"),
		apiKey:        cfg.APIKey,
		webhookSecret: cfg.WebhookSecret,
		hc:            &http.Client{Timeout: timeout},
		policy:        httpx.DefaultPolicy,
	}
}

// TransferRequest asks Paystream to move money to a payee account.
type TransferRequest struct {
	PayeeAccountID string            `json:"payee_account_id"`
	AmountCents    int64             `json:"amount_cents"`
	Currency       string            `json:"currency"`
	Speed          string            `json:"speed"`
	Description    string            `json:"description"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// Transfer is Paystream's view of a transfer.
type Transfer struct {
	ID             string            `json:"id"`
	Status         string            `json:"status"`
	AmountCents    int64             `json:"amount_cents"`
	PayeeAccountID string            `json:"payee_account_id"`
	FailureReason  string            `json:"failure_reason,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	CreatedAt      time.Time         `json:"created_at"`
}

type callOptions struct {
	idempotencyKey string
}

// CallOption customises a single request.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header on the request.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

func (c *Client) headers(o callOptions) map[string]string {
	h := map[string]string{"Authorization": "Bearer " + c.apiKey}
	if o.idempotencyKey != "" {
		h["Idempotency-Key"] = o.idempotencyKey
	}
	return h
}

// CreateTransfer creates a transfer. Transport failures and 5xx responses
// are retried by the client.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest, opts ...CallOption) (*Transfer, error) {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	if req.Currency == "" {
		req.Currency = "USD"
	}
	if req.Speed == "" {
		req.Speed = "instant"
	}
	body, _, err := httpx.Do(ctx, c.hc, c.policy,
		httpx.JSONRequest(http.MethodPost, c.baseURL+"/v1/transfers", req, c.headers(o)))
	if err != nil {
		return nil, fmt.Errorf("paystream create transfer: %w", err)
	}
	var t Transfer
	if err := httpx.DecodeJSON(body, &t); err != nil {
		return nil, err
	}
	return &t, nil
}

// GetTransfer fetches a transfer by ID.
func (c *Client) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	body, _, err := httpx.Do(ctx, c.hc, c.policy,
		httpx.JSONRequest(http.MethodGet, c.baseURL+"/v1/transfers/"+id, nil, c.headers(callOptions{})))
	if err != nil {
		return nil, fmt.Errorf("paystream get transfer: %w", err)
	}
	var t Transfer
	if err := httpx.DecodeJSON(body, &t); err != nil {
		return nil, err
	}
	return &t, nil
}

// Event is a webhook delivery.
type Event struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      struct {
		Transfer Transfer `json:"transfer"`
	} `json:"data"`
}

const (
	EventTransferPaid   = "transfer.paid"
	EventTransferFailed = "transfer.failed"
)

var ErrBadSignature = errors.New("paystream: invalid webhook signature")

// VerifySignature checks the Paystream-Signature header, formatted as
// "t=<unix>,v1=<hex hmac>" over "<t>.<body>".
func (c *Client) VerifySignature(header string, body []byte, now time.Time) error {
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
		return ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || now.Sub(time.Unix(unix, 0)) > 10*time.Minute {
		return ErrBadSignature
	}
	mac := hmac.New(sha256.New, []byte(c.webhookSecret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}

// Package bank is a client for Meridian BaaS, the sponsor bank that holds the
// refund transfer (RT) accounts the IRS deposits into and originates our ACH
// credits: advance disbursements, refund remainders and partner payouts.
//
// Every POST accepts an Idempotency-Key header. The bank keeps keys for 72
// hours; a repeated key returns the original transfer instead of creating a
// new one, and a repeated key with a different body is rejected with 422.
package bank

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/refundbridge/advance/internal/platform/httpx"
)

// Client talks to the Meridian BaaS ACH API.
type Client struct {
	api *httpx.JSONClient
}

// New builds a client authenticated with an API key.
func New(baseURL, apiKey string, hc httpx.Doer) *Client {
	return &Client{api: &httpx.JSONClient{
		Provider:  "meridian",
		BaseURL:   baseURL,
		HTTP:      hc,
		UserAgent: "refundbridge-advance/1.0",
		Authorize: func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+apiKey) },
	}}
}

// Destination identifies the receiving account: either a tokenized external
// account (customer bank accounts) or an account reference at Meridian or a
// counterparty on file (partner payout accounts).
type Destination struct {
	AccountToken string `json:"account_token,omitempty"`
	AccountRef   string `json:"account_ref,omitempty"`
}

// TransferRequest originates an ACH credit.
type TransferRequest struct {
	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`

	SourceAccountRef string            `json:"source_account"`
	Destination      Destination       `json:"destination"`
	AmountCents      int64             `json:"amount"`
	Currency         string            `json:"currency"`
	SECCode          string            `json:"sec_code"`
	Description      string            `json:"company_entry_description"`
	SameDay          bool              `json:"same_day"`
	Metadata         map[string]string `json:"metadata,omitempty"`
}

// Transfer is the bank's view of an ACH transfer.
type Transfer struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"`
	AmountCents int64     `json:"amount"`
	ReturnCode  string    `json:"return_code,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
}

// CreateTransfer originates an ACH credit.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest) (Transfer, error) {
	if req.Currency == "" {
		req.Currency = "USD"
	}
	h := http.Header{}
	if req.IdempotencyKey != "" {
		h.Set("Idempotency-Key", req.IdempotencyKey)
	}
	var out Transfer
	_, err := c.api.Do(ctx, http.MethodPost, "/v2/ach/transfers", h, req, &out)
	return out, err
}

// SignatureHeader carries "t=<unix>,v1=<hex hmac>" over "<t>.<body>".
const SignatureHeader = "X-Meridian-Signature"

// WebhookEvent is a transfer lifecycle notification.
type WebhookEvent struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      struct {
		TransferID  string    `json:"transfer_id"`
		Status      string    `json:"status"`
		ReturnCode  string    `json:"return_code"`
		AmountCents int64     `json:"amount"`
		EffectiveAt time.Time `json:"effective_at"`
	} `json:"data"`
}

// ParseWebhook decodes a webhook body.
func ParseWebhook(body []byte) (WebhookEvent, error) {
	var evt WebhookEvent
	err := json.Unmarshal(body, &evt)
	return evt, err
}

// VerifySignature checks the webhook HMAC and rejects stale timestamps.
func VerifySignature(secret, header string, body []byte, now time.Time, tolerance time.Duration) bool {
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
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	if d := now.Sub(time.Unix(unix, 0)); d > tolerance || d < -tolerance {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}

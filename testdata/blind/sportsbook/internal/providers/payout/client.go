// Package payout is the client for the bank payout partner that executes
// player withdrawals.
//
// The partner deduplicates POST /v2/payouts on the request_id body field for
// 72 hours; a repeated request_id returns the original payout.
package payout

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/kickoffbet/sportsbook/internal/httpx"
)

// Payout statuses.
const (
	StatusAccepted  = "accepted"
	StatusCompleted = "completed"
	StatusFailed    = "failed"
	StatusReturned  = "returned"
)

// Beneficiary is the destination account.
type Beneficiary struct {
	Name    string `json:"name"`
	IBAN    string `json:"iban,omitempty"`
	Token   string `json:"token,omitempty"`
	Country string `json:"country"`
}

// Request is the body of POST /v2/payouts.
type Request struct {
	RequestID     string      `json:"request_id,omitempty"`
	Amount        int64       `json:"amount"`
	Currency      string      `json:"currency"`
	Beneficiary   Beneficiary `json:"beneficiary"`
	Reference     string      `json:"reference"`
	CallbackURL   string      `json:"callback_url,omitempty"`
	ScheduledDate string      `json:"scheduled_date,omitempty"`
}

// Result is the partner's payout object.
type Result struct {
	ID        string    `json:"id"`
	RequestID string    `json:"request_id"`
	Status    string    `json:"status"`
	Amount    int64     `json:"amount"`
	Created   time.Time `json:"created"`
}

// Sender is the payout surface used by the withdrawals domain.
type Sender interface {
	Send(ctx context.Context, req Request) (*Result, error)
}

// Client implements Sender over HTTP.
type Client struct {
	base     string
	clientID string
	secret   string
	hc       *http.Client
	policy   httpx.Policy
}

// New returns a payout client.
func New(base, clientID, secret string, policy httpx.Policy) *Client {
	if policy.Attempts == 0 {
		policy = httpx.DefaultPolicy
	}
	return &Client{
		base:     base,
		clientID: clientID,
		secret:   secret,
		hc:       &http.Client{Timeout: 20 * time.Second},
		policy:   policy,
	}
}

// Send submits a payout.
func (c *Client) Send(ctx context.Context, req Request) (*Result, error) {
	return retry.DoWithData(func() (*Result, error) {
		var r Result
		err := httpx.DoJSON(ctx, c.hc, httpx.Request{
			Method:  http.MethodPost,
			URL:     c.base + "/v2/payouts",
			Body:    req,
			Headers: c.auth(),
		}, &r)
		return &r, err
	}, c.policy.Options(ctx)...)
}

func (c *Client) auth() http.Header {
	h := http.Header{}
	h.Set("X-Client-Id", c.clientID)
	h.Set("X-Client-Secret", c.secret)
	return h
}

// DefaultPolicy is the retry policy recommended by the partner's
// integration guide.
func DefaultPolicy() httpx.Policy {
	return httpx.Policy{Attempts: 3, Delay: time.Second, MaxDelay: 5 * time.Second}
}

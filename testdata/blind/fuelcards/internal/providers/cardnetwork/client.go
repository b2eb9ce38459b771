// Package cardnetwork is the client for the card network's issuer-processor
// partner API: card issuance and lifecycle, spend controls, and credits to a
// fleet's card account.
//
// Every mutating endpoint accepts an Idempotency-Key header. The network keeps
// keys for 24 hours; a request that repeats a key gets the original response
// back and no second effect. Without the header each request is new.
package cardnetwork

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/ridgeline-fleet/fuelcards/internal/providers/httpx"
)

// CallOption tunes a single call.
type CallOption func(*callOpts)

type callOpts struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOpts) { o.idempotencyKey = key }
}

func headers(opts []CallOption) http.Header {
	var o callOpts
	for _, fn := range opts {
		fn(&o)
	}
	h := http.Header{}
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	return h
}

// Client talks to the network's partner API.
type Client struct {
	http *httpx.Client
}

// New builds a Client.
func New(baseURL, apiKey string, opts ...httpx.Option) *Client {
	opts = append([]httpx.Option{
		httpx.WithAuth(func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+apiKey) }),
		httpx.WithRetries(3, 250*time.Millisecond),
	}, opts...)
	return &Client{http: httpx.New(baseURL, opts...)}
}

// Card is the network's view of a card.
type Card struct {
	ID        string `json:"id"`
	AccountID string `json:"account_id"`
	Last4     string `json:"last4"`
	Status    string `json:"status"`
	ShipsBy   string `json:"ships_by,omitempty"`
}

// SpendControls are the limits the network enforces at the pump.
type SpendControls struct {
	DailyLimitCents  int64    `json:"daily_limit_cents"`
	PerTxnLimitCents int64    `json:"per_transaction_limit_cents"`
	AllowedMCCs      []string `json:"allowed_mccs,omitempty"`
}

// IssueCardRequest orders a new physical card.
type IssueCardRequest struct {
	AccountID     string        `json:"account_id"`
	Cardholder    string        `json:"cardholder_name"`
	EmbossLine2   string        `json:"emboss_line_2,omitempty"`
	ShippingPhone string        `json:"shipping_phone,omitempty"`
	Controls      SpendControls `json:"spend_controls"`
	Reference     string        `json:"reference,omitempty"`
}

// IssueCard orders a new card on the fleet's account.
func (c *Client) IssueCard(ctx context.Context, req IssueCardRequest, opts ...CallOption) (Card, error) {
	var out Card
	err := c.http.Do(ctx, http.MethodPost, "/v3/cards", headers(opts), req, &out)
	return out, err
}

// ActivateCard moves a shipped card to active.
func (c *Client) ActivateCard(ctx context.Context, cardID string, opts ...CallOption) error {
	return c.http.Do(ctx, http.MethodPost, "/v3/cards/"+url.PathEscape(cardID)+"/activate", headers(opts), struct{}{}, nil)
}

// ReplaceRequest closes a card and orders its replacement.
type ReplaceRequest struct {
	Reason   string `json:"reason"`
	Expedite bool   `json:"expedite"`
}

// ReplaceCard closes cardID and issues a replacement with the same controls.
func (c *Client) ReplaceCard(ctx context.Context, cardID string, req ReplaceRequest, opts ...CallOption) (Card, error) {
	var out Card
	err := c.http.Do(ctx, http.MethodPost, "/v3/cards/"+url.PathEscape(cardID)+"/replace", headers(opts), req, &out)
	return out, err
}

// SetSpendControls replaces the card's spend controls.
func (c *Client) SetSpendControls(ctx context.Context, cardID string, ctl SpendControls, opts ...CallOption) error {
	return c.http.Do(ctx, http.MethodPut, "/v3/cards/"+url.PathEscape(cardID)+"/controls", headers(opts), ctl, nil)
}

// SuspendCard blocks all authorizations on the card.
func (c *Client) SuspendCard(ctx context.Context, cardID, reason string, opts ...CallOption) error {
	body := map[string]string{"reason": reason}
	return c.http.Do(ctx, http.MethodPost, "/v3/cards/"+url.PathEscape(cardID)+"/suspend", headers(opts), body, nil)
}

// ResumeCard lifts a suspension.
func (c *Client) ResumeCard(ctx context.Context, cardID string, opts ...CallOption) error {
	return c.http.Do(ctx, http.MethodPost, "/v3/cards/"+url.PathEscape(cardID)+"/resume", headers(opts), struct{}{}, nil)
}

// CreditRequest posts a credit to a card account's statement.
type CreditRequest struct {
	AccountID   string `json:"account_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Description string `json:"description"`
}

// Credit is a posted account credit.
type Credit struct {
	ID       string `json:"id"`
	PostedAt string `json:"posted_at"`
}

// PostAccountCredit credits the account; it appears on the next statement.
func (c *Client) PostAccountCredit(ctx context.Context, req CreditRequest, opts ...CallOption) (Credit, error) {
	var out Credit
	err := c.http.Do(ctx, http.MethodPost, "/v3/accounts/"+url.PathEscape(req.AccountID)+"/credits", headers(opts), req, &out)
	return out, err
}

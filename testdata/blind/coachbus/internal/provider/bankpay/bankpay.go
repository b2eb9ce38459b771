// Package bankpay sends driver payouts through PayRail's Faster Payments API.
//
// PayRail de-duplicates on the client_reference field: a second POST
// /payouts with a reference it has already seen is rejected with 409 and the
// original payout in the body. The client treats that 409 as success.
package bankpay

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/northline/coachbus/internal/platform/httpx"
	"github.com/northline/coachbus/internal/platform/retry"
)

// Client talks to PayRail.
type Client struct {
	baseURL   string
	apiKey    string
	accountID string
	hc        *http.Client
	policy    retry.Policy
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the default HTTP client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithRetryPolicy overrides the default retry policy.
func WithRetryPolicy(p retry.Policy) Option { return func(c *Client) { c.policy = p } }

// New builds a client.
func New(baseURL, apiKey, accountID string, opts ...Option) *Client {
	c := &Client{
		baseURL:   baseURL,
		apiKey:    apiKey,
		accountID: accountID,
		hc:        &http.Client{Timeout: 15 * time.Second},
		policy:    retry.Default(),
	}
	c.policy.Retryable = httpx.Transient
	for _, o := range opts {
		o(c)
	}
	return c
}

// PayoutRequest is one outbound bank transfer.
type PayoutRequest struct {
	ClientReference string `json:"client_reference"`
	SourceAccountID string `json:"source_account_id"`
	DestinationRef  string `json:"destination_account_ref"`
	AmountMinor     int64  `json:"amount_minor"`
	Currency        string `json:"currency"`
	Narrative       string `json:"narrative"`
}

// Payout is PayRail's view of a transfer.
type Payout struct {
	ID              string `json:"id"`
	ClientReference string `json:"client_reference"`
	Status          string `json:"status"`
}

// CreatePayout submits a transfer, retrying transient failures with the same
// client reference.
func (c *Client) CreatePayout(ctx context.Context, req PayoutRequest) (Payout, error) {
	req.SourceAccountID = c.accountID
	return retry.Do(ctx, c.policy, func(ctx context.Context) (Payout, error) {
		r, err := httpx.NewJSONRequest(ctx, http.MethodPost, c.baseURL+"/payouts", req)
		if err != nil {
			return Payout{}, retry.Permanent(err)
		}
		r.Header.Set("Authorization", "Bearer "+c.apiKey)
		var out Payout
		err = httpx.DoJSON(c.hc, r, &out)
		var se *httpx.StatusError
		if errors.As(err, &se) && se.Code == http.StatusConflict {
			if jerr := json.Unmarshal([]byte(se.Body), &out); jerr == nil && out.ID != "" {
				return out, nil
			}
		}
		return out, err
	})
}

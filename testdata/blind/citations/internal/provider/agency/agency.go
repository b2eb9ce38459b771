// Package agency is the client for the contracted collections agency.
// Referrals carry a client_reference that is unique per agency account: a
// second referral with the same reference returns the existing account.
// Recalls are idempotent by account reference.
package agency

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/harborcity/citeproc/internal/platform/retryx"
	"github.com/harborcity/citeproc/internal/provider/apiclient"
)

type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
}

type Client struct {
	api    *apiclient.Client
	secret []byte
}

func New(cfg Config) *Client {
	return &Client{
		api:    apiclient.New("agency", cfg.BaseURL, 20*time.Second, apiclient.Bearer(cfg.APIKey)),
		secret: []byte(cfg.WebhookSecret),
	}
}

type Debtor struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
}

type Referral struct {
	ClientReference string    `json:"client_reference"`
	Debtor          Debtor    `json:"debtor"`
	CitationNumber  string    `json:"account_number"`
	Plate           string    `json:"plate"`
	BalanceCents    int64     `json:"balance"`
	IssuedAt        time.Time `json:"original_date"`
}

type Account struct {
	Ref    string `json:"account_ref"`
	Status string `json:"status"`
}

// Refer places an account with the agency.
func (c *Client) Refer(ctx context.Context, r Referral) (*Account, error) {
	if r.ClientReference == "" {
		return nil, errors.New("agency: client_reference is required")
	}
	return retryx.Do(ctx, retryx.Default, func(ctx context.Context) (*Account, error) {
		var out Account
		if err := c.api.Do(ctx, http.MethodPost, "/v1/referrals", nil, r, &out); err != nil {
			return nil, err
		}
		return &out, nil
	})
}

// Recall withdraws an account (paid, dismissed or referred in error).
func (c *Client) Recall(ctx context.Context, accountRef, reason string) error {
	return retryx.Run(ctx, retryx.Default, func(ctx context.Context) error {
		return c.api.Do(ctx, http.MethodPost, "/v1/accounts/"+url.PathEscape(accountRef)+"/recall",
			nil, map[string]string{"reason": reason}, nil)
	})
}

// RemittanceEvent reports money the agency collected on an account.
type RemittanceEvent struct {
	EventID         string    `json:"event_id"`
	Type            string    `json:"type"` // payment.collected | account.closed
	AccountRef      string    `json:"account_ref"`
	ClientReference string    `json:"client_reference"`
	TxnID           string    `json:"transaction_id"`
	GrossCents      int64     `json:"gross_amount"`
	FeeCents        int64     `json:"agency_fee"`
	CollectedAt     time.Time `json:"collected_at"`
}

// ParseWebhook verifies the X-Agency-Signature header and decodes the event.
func (c *Client) ParseWebhook(payload []byte, signature string) (*RemittanceEvent, error) {
	if !apiclient.VerifyHMAC(c.secret, payload, signature) {
		return nil, errors.New("agency: bad signature")
	}
	var ev RemittanceEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, fmt.Errorf("agency: decode event: %w", err)
	}
	return &ev, nil
}

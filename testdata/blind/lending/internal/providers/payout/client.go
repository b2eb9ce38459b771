// Package payout is a client for the payout partner that moves loan
// principal to customers' bank accounts (Faster Payments).
package payout

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

type Config struct {
	BaseURL    string
	Token      string
	Timeout    time.Duration
	MaxRetries uint64
}

type Client struct {
	baseURL    string
	token      string
	http       *http.Client
	maxRetries uint64
}

func NewClient(cfg Config) *Client {
	if cfg.Timeout == 0 {
		cfg.Timeout = 15 * time.Second
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 4
	}
	return &Client{
		baseURL:    cfg.BaseURL,
		token:      cfg.Token,
		http:       &http.Client{Timeout: cfg.Timeout},
		maxRetries: cfg.MaxRetries,
	}
}

func (c *Client) newBackoff() backoff.BackOff {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = 250 * time.Millisecond
	b.MaxElapsedTime = 30 * time.Second
	return b
}

type PayoutRequest struct {
	// ClientReference is unique per payout: the partner returns the existing
	// payout when it sees a reference again.
	ClientReference string `json:"client_reference"`
	AmountCents     int64  `json:"amount"`
	Currency        string `json:"currency"`
	SortCode        string `json:"sort_code"`
	AccountRef      string `json:"account_ref"`
	HolderName      string `json:"holder_name"`
	Narrative       string `json:"narrative"`
}

type Payout struct {
	ID              string `json:"id"`
	ClientReference string `json:"client_reference"`
	Status          string `json:"status"`
}

// CreatePayout sends money to a bank account.
func (c *Client) CreatePayout(ctx context.Context, p PayoutRequest) (*Payout, error) {
	var out Payout
	err := c.NewRequest(http.MethodPost, "/v1/payouts").
		JSON(p).
		Do(ctx, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

type VerificationRequest struct {
	AccountRef string `json:"account_ref"`
	SortCode   string `json:"sort_code"`
	HolderName string `json:"holder_name"`
}

type Verification struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// StartVerification sends two micro-deposits to the account; the customer
// confirms the amounts later. Each call sends a new pair.
func (c *Client) StartVerification(ctx context.Context, v VerificationRequest) (*Verification, error) {
	var out Verification
	err := c.NewRequest(http.MethodPost, "/v1/account-verifications").
		JSON(v).
		NoRetry().
		Do(ctx, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// StatusEvent is the body of a payout status webhook.
type StatusEvent struct {
	EventID         string `json:"event_id"`
	Type            string `json:"type"` // payout.paid, payout.failed, payout.returned
	PayoutID        string `json:"payout_id"`
	ClientReference string `json:"client_reference"`
	AmountCents     int64  `json:"amount"`
	FailureReason   string `json:"failure_reason,omitempty"`
}

// Package bankapi is a client for the banking-as-a-service platform that
// holds the platform's accounts and sends supplier payouts.
//
// Payout creation honours an Idempotency-Key header: a repeated request with
// the same key within 7 days returns the original payout instead of sending a
// second transfer.
package bankapi

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/kestrelfin/factoring/internal/provider/rest"
)

type Client struct {
	rest      *rest.Client
	accountID string
}

type settings struct {
	baseURL   string
	apiKey    string
	accountID string
	timeout   time.Duration
	hc        *http.Client
}

// Option configures the bank client.
type Option func(*settings)

func WithBaseURL(u string) Option           { return func(s *settings) { s.baseURL = u } }
func WithAPIKey(k string) Option            { return func(s *settings) { s.apiKey = k } }
func WithTimeout(d time.Duration) Option    { return func(s *settings) { s.timeout = d } }
func WithHTTPClient(hc *http.Client) Option { return func(s *settings) { s.hc = hc } }

// WithSourceAccount sets the account payouts are debited from.
func WithSourceAccount(id string) Option { return func(s *settings) { s.accountID = id } }

func New(opts ...Option) *Client {
	s := settings{baseURL: "https://api.baas.example.com", timeout: 15 * time.Second}
	for _, o := range opts {
		o(&s)
	}
	restOpts := []rest.Option{
		rest.WithBearerToken(s.apiKey),
		rest.WithGETRetries(2, 300*time.Millisecond),
	}
	if s.hc != nil {
		restOpts = append(restOpts, rest.WithHTTPClient(s.hc))
	}
	restOpts = append(restOpts, rest.WithTimeout(s.timeout))
	return &Client{rest: rest.New(s.baseURL, restOpts...), accountID: s.accountID}
}

// CallOption adjusts a single API call.
type CallOption func(*callSettings)

type callSettings struct {
	idempotencyKey string
}

// IdempotencyKey makes the call safe to repeat: the bank returns the result
// of the first request carrying the same key.
func IdempotencyKey(key string) CallOption {
	return func(c *callSettings) { c.idempotencyKey = key }
}

type PayoutRequest struct {
	Amount          int64  `json:"amount"`
	Currency        string `json:"currency"`
	BeneficiaryIBAN string `json:"beneficiary_iban"`
	BeneficiaryName string `json:"beneficiary_name"`
	Reference       string `json:"reference"`
	EndToEndID      string `json:"end_to_end_id,omitempty"`
	SourceAccountID string `json:"source_account_id"`
}

type Payout struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	Amount    int64     `json:"amount"`
	Currency  string    `json:"currency"`
	CreatedAt time.Time `json:"created_at"`
}

func (c *Client) CreatePayout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*Payout, error) {
	var cs callSettings
	for _, o := range opts {
		o(&cs)
	}
	if req.SourceAccountID == "" {
		req.SourceAccountID = c.accountID
	}
	var out Payout
	err := c.rest.Do(ctx, http.MethodPost, "/v2/payouts", req, &out, rest.Header("Idempotency-Key", cs.idempotencyKey))
	if err != nil {
		return nil, fmt.Errorf("bankapi: create payout: %w", err)
	}
	return &out, nil
}

func (c *Client) GetPayout(ctx context.Context, id string) (*Payout, error) {
	var out Payout
	if err := c.rest.Do(ctx, http.MethodGet, "/v2/payouts/"+url.PathEscape(id), nil, &out); err != nil {
		return nil, fmt.Errorf("bankapi: get payout: %w", err)
	}
	return &out, nil
}

// StatementWebhook is the body of a statement.transactions webhook.
type StatementWebhook struct {
	EventID      string            `json:"event_id"`
	AccountID    string            `json:"account_id"`
	Transactions []StatementTxn    `json:"transactions"`
	Meta         map[string]string `json:"meta,omitempty"`
}

type StatementTxn struct {
	ID               string    `json:"id"`
	Amount           int64     `json:"amount"`
	Currency         string    `json:"currency"`
	BookedAt         time.Time `json:"booked_at"`
	CounterpartyName string    `json:"counterparty_name"`
	RemittanceInfo   string    `json:"remittance_information"`
	Direction        string    `json:"direction"`
}

// PayoutWebhook is the body of a payout.status_changed webhook.
type PayoutWebhook struct {
	EventID  string `json:"event_id"`
	PayoutID string `json:"payout_id"`
	Status   string `json:"status"`
	Reason   string `json:"reason,omitempty"`
}

const SignatureHeader = "X-Bank-Signature"

// VerifySignature validates a webhook body against the shared secret.
func VerifySignature(secret, header string, body []byte) bool {
	return rest.VerifyHMAC(secret, header, body, 5*time.Minute, time.Now())
}

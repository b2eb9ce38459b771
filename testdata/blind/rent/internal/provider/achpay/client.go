// Package achpay is a client for the ACH transfers provider used to debit
// tenants' bank accounts and to refund them. The provider honours an
// Idempotency-Key header on every POST.
package achpay

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/keystone-pm/rent/internal/provider/transport"
)

// Client talks to the transfers API.
type Client struct {
	baseURL string
	apiKey  string
	hc      *http.Client
	policy  transport.Policy
}

// Config configures the client.
type Config struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

// New constructs a Client.
func New(cfg Config) *Client {
	return &Client{
		baseURL: cfg.BaseURL,
		apiKey:  cfg.APIKey,
		hc:      &http.Client{Timeout: cfg.Timeout},
		policy:  transport.DefaultPolicy,
	}
}

// CallOption adjusts a single call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header. The provider returns
// the original result for any repeated request carrying the same key.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// TransferRequest moves money between two funding sources.
type TransferRequest struct {
	SourceFundingSource      string            `json:"source_funding_source"`
	DestinationFundingSource string            `json:"destination_funding_source"`
	AmountCents              int64             `json:"amount_cents"`
	Currency                 string            `json:"currency"`
	Description              string            `json:"description,omitempty"`
	Metadata                 map[string]string `json:"metadata,omitempty"`
}

// Transfer is the provider's view of a transfer.
type Transfer struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"`
	AmountCents int64     `json:"amount_cents"`
	FailureCode string    `json:"failure_code,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
}

// Transfer statuses reported by the provider.
const (
	StatusPending   = "pending"
	StatusProcessed = "processed"
	StatusFailed    = "failed"
	StatusReturned  = "returned"
	StatusCancelled = "cancelled"
)

// FundingSourceRequest links a bank account using a processor token from the
// account-linking widget.
type FundingSourceRequest struct {
	CustomerRef    string `json:"customer_ref"`
	ProcessorToken string `json:"processor_token"`
	Name           string `json:"name"`
}

// FundingSource is a linked bank account.
type FundingSource struct {
	ID       string `json:"id"`
	BankName string `json:"bank_name"`
	Mask     string `json:"mask"`
	Status   string `json:"status"`
}

func (c *Client) headers(opts []CallOption) http.Header {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	return h
}

// CreateTransfer initiates an ACH transfer.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest, opts ...CallOption) (*Transfer, error) {
	if req.Currency == "" {
		req.Currency = "USD"
	}
	var out Transfer
	err := transport.Do(ctx, c.hc, c.policy, transport.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v1/transfers",
		Header:  c.headers(opts),
		JSON:    req,
		Decoded: &out,
	})
	if err != nil {
		return nil, fmt.Errorf("achpay: create transfer: %w", err)
	}
	return &out, nil
}

// GetTransfer fetches the current state of a transfer.
func (c *Client) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	var out Transfer
	err := transport.Do(ctx, c.hc, c.policy, transport.Request{
		Method:  http.MethodGet,
		URL:     c.baseURL + "/v1/transfers/" + url.PathEscape(id),
		Header:  c.headers(nil),
		Decoded: &out,
	})
	if err != nil {
		return nil, fmt.Errorf("achpay: get transfer %s: %w", id, err)
	}
	return &out, nil
}

// CreateFundingSource links a tenant's bank account.
func (c *Client) CreateFundingSource(ctx context.Context, req FundingSourceRequest, opts ...CallOption) (*FundingSource, error) {
	var out FundingSource
	err := transport.Do(ctx, c.hc, c.policy, transport.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v1/funding-sources",
		Header:  c.headers(opts),
		JSON:    req,
		Decoded: &out,
	})
	if err != nil {
		return nil, fmt.Errorf("achpay: create funding source: %w", err)
	}
	return &out, nil
}

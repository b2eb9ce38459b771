// Package payments is a client for Tillpoint card payments, used to charge
// recipients for pickup extensions.
//
// Tillpoint honours an Idempotency-Key header on POST requests: a repeated
// request with the same key within 24 hours returns the original result
// instead of creating a new charge.
package payments

import (
	"context"
	"net/http"

	"github.com/quayside/lockers/internal/provider/apiclient"
)

type Option func(*Client)

func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.api.HTTP = hc }
}

func WithSecretKey(key string) Option {
	return func(c *Client) { c.api.Header.Set("Authorization", "Bearer "+key) }
}

func WithMerchantAccount(acct string) Option {
	return func(c *Client) { c.merchant = acct }
}

// CallOption modifies a single request.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	metadata       map[string]string
}

func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

func WithMetadata(k, v string) CallOption {
	return func(c *callConfig) {
		if c.metadata == nil {
			c.metadata = map[string]string{}
		}
		c.metadata[k] = v
	}
}

type Client struct {
	api      *apiclient.Client
	merchant string
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{api: apiclient.New("tillpoint", baseURL, nil)}
	for _, o := range opts {
		o(c)
	}
	return c
}

type ChargeRequest struct {
	AmountCents  int64
	Currency     string
	PaymentToken string
	Description  string
}

type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

type chargeBody struct {
	Merchant    string            `json:"merchant_account"`
	Amount      int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Source      string            `json:"source"`
	Description string            `json:"description,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (Charge, error) {
	var cfg callConfig
	for _, o := range opts {
		o(&cfg)
	}
	hdr := http.Header{}
	if cfg.idempotencyKey != "" {
		hdr.Set("Idempotency-Key", cfg.idempotencyKey)
	}
	cur := req.Currency
	if cur == "" {
		cur = "EUR"
	}
	var out Charge
	err := c.api.Do(ctx, apiclient.Request{
		Method: http.MethodPost,
		Path:   "/v1/charges",
		Header: hdr,
		Body: chargeBody{
			Merchant:    c.merchant,
			Amount:      req.AmountCents,
			Currency:    cur,
			Source:      req.PaymentToken,
			Description: req.Description,
			Metadata:    cfg.metadata,
		},
	}, &out)
	return out, err
}

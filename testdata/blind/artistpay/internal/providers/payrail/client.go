// Package payrail is a client for the PayRail payouts API.
//
// PayRail honours an Idempotency-Key header on POST /recipients and
// POST /transfers: a repeated request with the same key within 24 hours
// returns the original response. POST /card_pushes does not take a key.
// The external_id, reference and client_reference fields are stored for
// reconciliation and search; PayRail does not require them to be unique.
package payrail

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/google/wire"

	"github.com/soundledger/artistpay/internal/config"
)

// API is the PayRail surface used by the service.
type API interface {
	CreateRecipient(ctx context.Context, req RecipientRequest, opts ...RequestOption) (*Recipient, error)
	CreateTransfer(ctx context.Context, req TransferRequest, opts ...RequestOption) (*Transfer, error)
	GetTransfer(ctx context.Context, id string) (*Transfer, error)
	PushToCard(ctx context.Context, req CardPushRequest) (*CardPush, error)
}

// ProviderSet wires the PayRail client with retries.
var ProviderSet = wire.NewSet(NewFromConfig, ProvideAPI)

// RequestOption adjusts a single request.
type RequestOption func(*requestOptions)

type requestOptions struct {
	idempotencyKey string
	headers        http.Header
}

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

// WithHeader sets an extra header.
func WithHeader(k, v string) RequestOption {
	return func(o *requestOptions) {
		if o.headers == nil {
			o.headers = http.Header{}
		}
		o.headers.Set(k, v)
	}
}

// Client talks to PayRail over HTTP.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New returns a client.
func New(baseURL, apiKey string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 15 * time.Second}
	}
	return &Client{baseURL: strings.TrimRight(baseURL, "/"), apiKey: apiKey, http: hc}
}

// NewFromConfig builds the client from config.
func NewFromConfig(cfg config.Config) *Client {
	return New(cfg.PayrailBaseURL, cfg.PayrailAPIKey, &http.Client{Timeout: cfg.ProviderTimeout})
}

// ProvideAPI wraps the client with logging and retries.
func ProvideAPI(c *Client) API {
	return WithRetry(WithLogging(c), 3)
}

// CreateRecipient registers a payee.
func (c *Client) CreateRecipient(ctx context.Context, req RecipientRequest, opts ...RequestOption) (*Recipient, error) {
	var out Recipient
	if err := c.do(ctx, http.MethodPost, "/recipients", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateTransfer starts a bank transfer.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest, opts ...RequestOption) (*Transfer, error) {
	var out Transfer
	if err := c.do(ctx, http.MethodPost, "/transfers", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetTransfer fetches a transfer.
func (c *Client) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	var out Transfer
	if err := c.do(ctx, http.MethodGet, "/transfers/"+url.PathEscape(id), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// PushToCard sends an instant payout to a debit card.
func (c *Client) PushToCard(ctx context.Context, req CardPushRequest) (*CardPush, error) {
	var out CardPush
	if err := c.do(ctx, http.MethodPost, "/card_pushes", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	var o requestOptions
	for _, opt := range opts {
		opt(&o)
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("payrail: encode: %w", err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	for k, vs := range o.headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("payrail: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		if json.Unmarshal(raw, apiErr) != nil || apiErr.Code == "" {
			apiErr.Code = http.StatusText(resp.StatusCode)
			apiErr.Message = string(raw)
		}
		return apiErr
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

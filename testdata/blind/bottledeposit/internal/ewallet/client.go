// Package ewallet is a client for the e-wallet partner's payout API.
//
// The partner documents POST /v1/transfers as idempotent on the X-Request-ID
// header: a repeated request with the same X-Request-ID within 72 hours
// returns the original transfer instead of creating a new one.
package ewallet

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/pantloop/deposit/internal/httpx"
)

const defaultBaseURL = "https://api.walletpartner.example/v1"

// Client talks to the e-wallet partner.
type Client struct {
	baseURL    string
	apiKey     string
	merchantID string
	http       *http.Client
	retries    int
	userAgent  string
}

// Option configures a Client.
type Option func(*Client)

// WithBaseURL overrides the partner endpoint (sandbox, tests).
func WithBaseURL(u string) Option { return func(c *Client) { c.baseURL = u } }

// WithAPIKey sets the bearer token.
func WithAPIKey(k string) Option { return func(c *Client) { c.apiKey = k } }

// WithMerchant sets the merchant account transfers are drawn from.
func WithMerchant(id string) Option { return func(c *Client) { c.merchantID = id } }

// WithHTTPClient replaces the underlying HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithTimeout sets the per-request timeout of the default HTTP client.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.http = &http.Client{Timeout: d} }
}

// WithRetries sets how many times a transient failure is retried in-process.
func WithRetries(n int) Option { return func(c *Client) { c.retries = n } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// New builds a Client.
func New(opts ...Option) *Client {
	c := &Client{
		baseURL:   defaultBaseURL,
		http:      &http.Client{Timeout: 15 * time.Second},
		retries:   2,
		userAgent: "pantloop-deposit/1",
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption configures a single call.
type CallOption func(*callOptions)

type callOptions struct {
	requestID string
	headers   http.Header
}

// WithRequestID sets the X-Request-ID the partner deduplicates on.
func WithRequestID(id string) CallOption {
	return func(o *callOptions) { o.requestID = id }
}

// WithHeader adds an extra header to the call.
func WithHeader(k, v string) CallOption {
	return func(o *callOptions) {
		if o.headers == nil {
			o.headers = http.Header{}
		}
		o.headers.Add(k, v)
	}
}

// TransferRequest moves money from the merchant account to a customer's
// e-wallet.
type TransferRequest struct {
	WalletHandle string `json:"wallet_handle"`
	AmountCents  int64  `json:"amount_cents"`
	Currency     string `json:"currency"`
	Reference    string `json:"reference"`
	Description  string `json:"description,omitempty"`
}

// Transfer is the partner's view of a transfer.
type Transfer struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"` // accepted, completed, failed
	AmountCents int64     `json:"amount_cents"`
	Reference   string    `json:"reference"`
	FailureCode string    `json:"failure_code,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
}

// ErrWalletNotFound is returned when the handle is unknown to the partner.
var ErrWalletNotFound = errors.New("ewallet: wallet handle not found")

func (c *Client) headers(o callOptions) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	h.Set("User-Agent", c.userAgent)
	if c.merchantID != "" {
		h.Set("X-Merchant-ID", c.merchantID)
	}
	if o.requestID != "" {
		h.Set("X-Request-ID", o.requestID)
	}
	for k, vs := range o.headers {
		for _, v := range vs {
			h.Add(k, v)
		}
	}
	return h
}

// CreateTransfer submits a transfer. Transient failures are retried with the
// same headers.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest, opts ...CallOption) (*Transfer, error) {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	if req.Currency == "" {
		req.Currency = "EUR"
	}
	hdr := c.headers(o)

	var lastErr error
	for attempt := 0; attempt <= c.retries; attempt++ {
		if attempt > 0 {
			if err := httpx.Sleep(ctx, httpx.Backoff(attempt-1)); err != nil {
				return nil, err
			}
		}
		var out Transfer
		err := httpx.Do(ctx, c.http, httpx.Request{
			Method: http.MethodPost,
			URL:    c.baseURL + "/transfers",
			Header: hdr,
			Body:   req,
		}, &out)
		if err == nil {
			return &out, nil
		}
		if httpx.IsStatus(err, http.StatusNotFound) {
			return nil, ErrWalletNotFound
		}
		var ae *httpx.APIError
		if errors.As(err, &ae) && !ae.Temporary() {
			return nil, err
		}
		lastErr = err
	}
	return nil, fmt.Errorf("ewallet: create transfer: %w", lastErr)
}

// GetTransfer fetches a transfer by the partner's id.
func (c *Client) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	var out Transfer
	err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodGet,
		URL:    c.baseURL + "/transfers/" + url.PathEscape(id),
		Header: c.headers(callOptions{}),
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("ewallet: get transfer: %w", err)
	}
	return &out, nil
}

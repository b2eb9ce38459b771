// Package cardissuer is the client for the prepaid card program manager
// that issues donor compensation cards and loads funds onto them.
//
// The issuer honours an Idempotency-Key header on POST /cards and
// POST /loads: a repeated key within 24 hours returns the original result
// instead of performing the operation again. POST /cardholders does not
// support idempotency keys.
package cardissuer

import (
	"context"
	"fmt"
	"net/http"

	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/providers/httpclient"
)

// API is the subset of the issuer we use, as consumed by services.
type API interface {
	CreateCardholder(ctx context.Context, req CardholderRequest) (Cardholder, error)
	IssueCard(ctx context.Context, req IssueCardRequest, opts ...RequestOption) (Card, error)
	LoadFunds(ctx context.Context, req LoadRequest, opts ...RequestOption) (Load, error)
}

// Client talks to the issuer over HTTPS.
type Client struct {
	baseURL   string
	apiKey    string
	programID string
	http      httpclient.Doer
}

// New returns a Client from config.
func New(cfg config.Config) *Client {
	return &Client{
		baseURL:   cfg.CardIssuer.BaseURL,
		apiKey:    cfg.CardIssuer.APIKey,
		programID: cfg.CardIssuer.ProgramID,
		http:      httpclient.Default(),
	}
}

type requestOptions struct {
	idempotencyKey string
}

// RequestOption customises a single call.
type RequestOption func(*requestOptions)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

func (c *Client) headers(opts []RequestOption) map[string]string {
	var o requestOptions
	for _, fn := range opts {
		fn(&o)
	}
	h := map[string]string{
		"Authorization": "Bearer " + c.apiKey,
		"X-Program-Id":  c.programID,
	}
	if o.idempotencyKey != "" {
		h["Idempotency-Key"] = o.idempotencyKey
	}
	return h
}

// CreateCardholder registers a person with the program. KYC runs
// asynchronously on the issuer side.
func (c *Client) CreateCardholder(ctx context.Context, req CardholderRequest) (Cardholder, error) {
	var out Cardholder
	err := httpclient.Do(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/cardholders",
		Headers: c.headers(nil),
		Body:    req,
	}, &out)
	if err != nil {
		return Cardholder{}, fmt.Errorf("cardissuer: create cardholder: %w", err)
	}
	return out, nil
}

// IssueCard orders a new card for an existing cardholder.
func (c *Client) IssueCard(ctx context.Context, req IssueCardRequest, opts ...RequestOption) (Card, error) {
	var out Card
	err := httpclient.Do(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/cards",
		Headers: c.headers(opts),
		Body:    req,
	}, &out)
	if err != nil {
		return Card{}, fmt.Errorf("cardissuer: issue card: %w", err)
	}
	return out, nil
}

// LoadFunds moves money from the program funding account onto a card.
func (c *Client) LoadFunds(ctx context.Context, req LoadRequest, opts ...RequestOption) (Load, error) {
	var out Load
	err := httpclient.Do(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/loads",
		Headers: c.headers(opts),
		Body:    req,
	}, &out)
	if err != nil {
		return Load{}, fmt.Errorf("cardissuer: load funds: %w", err)
	}
	return out, nil
}

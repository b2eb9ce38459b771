// Package xpairclient is an airline's billing client: its calls take
// options, one of which sets the key the partner replays a repeat by.
package xpairclient

import (
	"context"
	"net/http"

	"missingkey/xpairhttp"
)

type callOptions struct {
	idempotencyKey string
}

// CallOption customises one request.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// Client calls the partner.
type Client struct {
	hc   *http.Client
	base string
}

// Invoice is an invoice submitted.
type Invoice struct {
	Number string `json:"number"`
	Total  int64  `json:"total"`
}

// SubmitInvoice books an invoice with the partner.
func (c *Client) SubmitInvoice(ctx context.Context, inv Invoice, opts ...CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	return xpairhttp.DoJSON(ctx, c.hc, http.MethodPost, c.base+"/v2/invoices", inv, nil,
		xpairhttp.Header{Name: "Authorization", Value: "Bearer token"},
		xpairhttp.Header{Name: "Idempotency-Key", Value: o.idempotencyKey},
	)
}

// CreditNote issues a credit note under the key its caller gives.
func (c *Client) CreditNote(ctx context.Context, number, key string) error {
	return xpairhttp.DoJSON(ctx, c.hc, http.MethodPost, c.base+"/v2/credit-notes", map[string]string{"number": number}, nil,
		xpairhttp.Header{Name: "Idempotency-Key", Value: key})
}

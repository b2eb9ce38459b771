// Package xsendclient is a provider's client: its calls take options,
// one of which sets the key its header map carries.
package xsendclient

import (
	"context"
	"net/http"

	"missingkey/xsend"
)

type callOptions struct{ key string }

// Option sets up one call.
type Option func(*callOptions)

// WithKey makes the provider run the call once per key.
func WithKey(k string) Option { return func(o *callOptions) { o.key = k } }

// Client calls the provider.
type Client struct{ HTTP *http.Client }

func (c *Client) headers(opts []Option) http.Header {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer t")
	if o.key != "" {
		h.Set("Idempotency-Key", o.key)
	}
	return h
}

// Transfer moves money, keyed when an option gives a key.
func (c *Client) Transfer(ctx context.Context, opts ...Option) error {
	return xsend.DoRetried(ctx, c.HTTP, xsend.Request{Method: http.MethodPost, URL: "https://bank.example/v1/transfers", Header: c.headers(opts)})
}

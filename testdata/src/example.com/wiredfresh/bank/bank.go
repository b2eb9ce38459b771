// Package bank pays out through a bank's API, which drops a repeat of a
// request by its Idempotency-Key header.
package bank

import (
	"context"
	"net/http"
	"strconv"
	"strings"
)

// An Option sets how a payment is sent.
type Option func(*options)

type options struct{ key string }

// WithKey sends the payment under an idempotency key.
func WithKey(key string) Option { return func(o *options) { o.key = key } }

// Client calls the bank.
type Client struct {
	HTTP *http.Client
	URL  string
}

// Pay sends a payment of amount.
func (c *Client) Pay(ctx context.Context, amount int64, opts ...Option) error {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+"/payments", strings.NewReader(strconv.FormatInt(amount, 10)))
	if err != nil {
		return err
	}
	if o.key != "" {
		req.Header.Set("Idempotency-Key", o.key)
	}
	resp, err := c.HTTP.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler API.Payout\) \[IDEM002\]$`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

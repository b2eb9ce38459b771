// Package pay is a payment provider's client, which runs a charge once
// per Idempotency-Key.
package pay

import (
	"context"
	"net/http"

	"example.com/wiredprev/httpx"
)

// A ChargeRequest is one charge, keyed when Key is set.
type ChargeRequest struct {
	Amount int64
	Key    string
}

// Client charges through the provider's API.
type Client struct{ API *httpx.Client }

// keyHeaders is the key header for a key, or no headers for none.
func keyHeaders(key string) map[string]string {
	if key == "" {
		return nil
	}
	return map[string]string{"Idempotency-Key": key}
}

// Charge sends the charge under the request's key.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) error {
	return c.API.Do(ctx, httpx.Request{Method: http.MethodPost, Path: "/charges", Headers: keyHeaders(req.Key)})
}

// A Transfer is one payout; the bank drops a repeated client_reference.
type Transfer struct {
	ClientReference string `json:"client_reference"`
	Amount          int64  `json:"amount"`
	Currency        string `json:"currency"`
}

// Transfers pays out through the bank's API.
type Transfers struct {
	Base string
	HTTP *http.Client
}

// Send sends the transfer, in the bank's currency when it has none.
func (t *Transfers) Send(ctx context.Context, tr Transfer) error {
	if tr.Currency == "" {
		tr.Currency = "EUR"
	}
	return httpx.DoJSON(ctx, t.HTTP, httpx.JSONRequest{Method: http.MethodPost, URL: t.Base + "/transfers", Header: t.header(), Body: tr})
}

func (t *Transfers) header() http.Header {
	h := http.Header{}
	h.Set("X-Api-Key", "k")
	return h
}

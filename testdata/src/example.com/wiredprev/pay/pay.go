// Package pay is a payment provider's client, which runs a charge once
// per Idempotency-Key.
package pay

import (
	"bytes"
	"context"
	"encoding/json"
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
	return httpx.DoJSON(ctx, t.HTTP, httpx.JSONRequest{Method: http.MethodPost, URL: t.Base + "/transfers", Header: t.header(), Body: tr}) // want `a retry repeats the HTTP POST: the input sets no client_reference \(HTTP handler Refunds.RefundBare\)`
}

func (t *Transfers) header() http.Header {
	h := http.Header{}
	h.Set("X-Api-Key", "k")
	return h
}

// A DebitRequest is one direct debit; IdempotencyKey, when set, is sent
// as the Idempotency-Key header, and Reference is what the payer's
// statement shows.
type DebitRequest struct {
	Mandate        string `json:"mandate"`
	Reference      string `json:"statement_descriptor"`
	IdempotencyKey string `json:"-"`
}

// Debits collects direct debits.
type Debits struct {
	Base string
	HTTP *http.Client
}

// Create starts the debit.
func (d *Debits) Create(ctx context.Context, dr DebitRequest) error {
	return d.post(ctx, "/debits", dr.IdempotencyKey, dr) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Collections.Collect\)`
}

// post sends in, under key when it is not empty.
func (d *Debits) post(ctx context.Context, path, key string, in any) error {
	return d.do(ctx, http.MethodPost, path, key, in)
}

func (d *Debits) do(ctx context.Context, method, path, key string, in any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, d.Base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := d.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

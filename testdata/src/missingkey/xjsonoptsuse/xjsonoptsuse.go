// Package xjsonoptsuse is a partner's client that posts through a
// function literal, with the options its caller gives.
package xjsonoptsuse

import (
	"context"
	"net/http"

	"missingkey/xjsonopts"
)

type Partner struct{ api *xjsonopts.Client }

// IdempotencyKey sends the key the partner runs a request once per.
func IdempotencyKey(k string) xjsonopts.RequestOption {
	return xjsonopts.Header("Idempotency-Key", k)
}

type Invoice struct {
	Lot   string `json:"lot"`
	Cents int64  `json:"cents"`
}

// SubmitInvoice posts the invoice from a literal it runs, with the
// options it is given: its caller's keep or leave out the key.
func (p *Partner) SubmitInvoice(ctx context.Context, inv Invoice, opts ...xjsonopts.RequestOption) error {
	send := func() error {
		return p.api.Do(ctx, http.MethodPost, "/v2/invoices", inv, nil, opts...)
	}
	return send()
}

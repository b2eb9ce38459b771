// Package partnerapi talks to the reward-catalogue fulfilment partner.
//
// The partner de-duplicates orders on client_reference (an order with a
// client_reference it has seen before returns the existing order) and also
// honours an Idempotency-Key header on POSTs.
package partnerapi

import (
	"errors"
	"net/http"
	"strings"
)

type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

type orderBody struct {
	SKU             string            `json:"sku"`
	Quantity        int               `json:"quantity"`
	ClientReference string            `json:"client_reference"`
	ShipTo          Address           `json:"ship_to"`
	Metadata        map[string]string `json:"metadata,omitempty"`
}

// OrderRequest is a fully built, validated order submission.
type OrderRequest struct {
	body    orderBody
	headers http.Header
}

func (r *OrderRequest) ClientReference() string { return r.body.ClientReference }

// OrderRequestBuilder assembles an OrderRequest.
type OrderRequestBuilder struct {
	body    orderBody
	headers http.Header
	errs    []error
}

func NewOrder(sku string) *OrderRequestBuilder {
	b := &OrderRequestBuilder{
		body:    orderBody{SKU: sku, Quantity: 1, Metadata: map[string]string{}},
		headers: http.Header{},
	}
	if strings.TrimSpace(sku) == "" {
		b.errs = append(b.errs, errors.New("partnerapi: sku is required"))
	}
	return b
}

func (b *OrderRequestBuilder) Quantity(n int) *OrderRequestBuilder {
	if n < 1 || n > 10 {
		b.errs = append(b.errs, errors.New("partnerapi: quantity must be 1..10"))
	}
	b.body.Quantity = n
	return b
}

func (b *OrderRequestBuilder) ShipTo(a Address) *OrderRequestBuilder {
	b.body.ShipTo = a
	return b
}

// ClientReference sets the partner's de-duplication reference. Following the
// partner's integration guide the same value is sent as Idempotency-Key.
func (b *OrderRequestBuilder) ClientReference(ref string) *OrderRequestBuilder {
	b.body.ClientReference = ref
	b.headers.Set("Idempotency-Key", ref)
	return b
}

func (b *OrderRequestBuilder) Meta(k, v string) *OrderRequestBuilder {
	b.body.Metadata[k] = v
	return b
}

func (b *OrderRequestBuilder) Build() (*OrderRequest, error) {
	if b.body.ClientReference == "" {
		b.errs = append(b.errs, errors.New("partnerapi: client reference is required"))
	}
	if b.body.ShipTo.Line1 == "" || b.body.ShipTo.Country == "" {
		b.errs = append(b.errs, errors.New("partnerapi: ship-to address incomplete"))
	}
	if len(b.errs) > 0 {
		return nil, errors.Join(b.errs...)
	}
	return &OrderRequest{body: b.body, headers: b.headers.Clone()}, nil
}

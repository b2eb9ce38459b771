// Package shiplabel is the client for Parcelpoint, the multi-carrier postage
// API we buy shipping labels from.
//
// Parcelpoint deduplicates label purchases by the Idempotency-Key header:
// a repeated key returns the label already bought rather than charging
// postage again.
package shiplabel

import (
	"context"
	"net/http"
	"time"

	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
)

// Address is a postal address in Parcelpoint's format.
type Address struct {
	Name       string `json:"name"`
	Company    string `json:"company,omitempty"`
	Street1    string `json:"street1"`
	Street2    string `json:"street2,omitempty"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"zip"`
	Country    string `json:"country"`
	Email      string `json:"email,omitempty"`
}

// Parcel dimensions in inches and weight in ounces.
type Parcel struct {
	LengthIn float64 `json:"length"`
	WidthIn  float64 `json:"width"`
	HeightIn float64 `json:"height"`
	WeightOz float64 `json:"weight"`
}

// LabelRequest buys postage for one parcel.
type LabelRequest struct {
	From         Address `json:"from_address"`
	To           Address `json:"to_address"`
	Parcel       Parcel  `json:"parcel"`
	ServiceLevel string  `json:"service"`
	Reference    string  `json:"reference,omitempty"`
}

// Label is a purchased label.
type Label struct {
	ID             string `json:"id"`
	Carrier        string `json:"carrier"`
	ServiceLevel   string `json:"service"`
	TrackingNumber string `json:"tracking_code"`
	LabelURL       string `json:"label_url"`
	RateCents      int64  `json:"rate_cents"`
}

// Purchaser is what the shipping service depends on.
type Purchaser interface {
	Purchase(ctx context.Context, idempotencyKey string, req LabelRequest) (*Label, error)
}

// Client talks to Parcelpoint.
type Client struct {
	http   *httpx.Client
	policy httpx.RetryPolicy
}

// New returns a Parcelpoint client.
func New(baseURL, apiKey string, opts ...httpx.Option) *Client {
	opts = append([]httpx.Option{httpx.WithBearer(apiKey)}, opts...)
	return &Client{
		http:   httpx.New("parcelpoint", baseURL, opts...),
		policy: httpx.RetryPolicy{MaxAttempts: 4, InitialInterval: 500 * time.Millisecond, MaxElapsed: 20 * time.Second},
	}
}

// Purchase buys a label. Transient failures are retried here with the same
// idempotency key, which Parcelpoint uses to return the first label.
func (c *Client) Purchase(ctx context.Context, idempotencyKey string, req LabelRequest) (*Label, error) {
	var out Label
	err := httpx.RetryWith(ctx, c.policy, func() error {
		return c.http.Do(ctx, httpx.Request{
			Method:    http.MethodPost,
			Path:      "/labels",
			Operation: "purchase_label",
			Headers:   map[string]string{"Idempotency-Key": idempotencyKey},
			Body:      req,
		}, &out)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

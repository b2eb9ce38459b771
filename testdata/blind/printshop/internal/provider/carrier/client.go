// Package carrier is a client for the ParcelPost shipping API (EasyPost-style:
// create a shipment, pick a rate, buy it). Label purchases honour an
// Idempotency-Key header for 24 hours; refunds are keyed by shipment and are
// safe to repeat.
package carrier

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"sort"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/inkloop/printshop/internal/provider/httpx"
)

type Address struct {
	ID      string `json:"id,omitempty"`
	Name    string `json:"name,omitempty"`
	Company string `json:"company,omitempty"`
	Street1 string `json:"street1,omitempty"`
	Street2 string `json:"street2,omitempty"`
	City    string `json:"city,omitempty"`
	State   string `json:"state,omitempty"`
	Zip     string `json:"zip,omitempty"`
	Country string `json:"country,omitempty"`
	Phone   string `json:"phone,omitempty"`
	Email   string `json:"email,omitempty"`
}

type Parcel struct {
	LengthIn float64 `json:"length"`
	WidthIn  float64 `json:"width"`
	HeightIn float64 `json:"height"`
	WeightOz float64 `json:"weight"`
}

type Rate struct {
	ID       string `json:"id"`
	Carrier  string `json:"carrier"`
	Service  string `json:"service"`
	Rate     string `json:"rate"`
	Currency string `json:"currency"`
	Cents    int64  `json:"rate_cents"`
}

type PostageLabel struct {
	URL string `json:"label_url"`
}

type Shipment struct {
	ID           string        `json:"id"`
	Reference    string        `json:"reference"`
	IsReturn     bool          `json:"is_return"`
	Rates        []Rate        `json:"rates"`
	SelectedRate *Rate         `json:"selected_rate"`
	TrackingCode string        `json:"tracking_code"`
	PostageLabel *PostageLabel `json:"postage_label"`
	RefundStatus string        `json:"refund_status"`
}

// LowestRate returns the cheapest rate, optionally limited to services.
func (s *Shipment) LowestRate(services ...string) (Rate, error) {
	allowed := map[string]bool{}
	for _, sv := range services {
		allowed[sv] = true
	}
	var rates []Rate
	for _, r := range s.Rates {
		if len(allowed) == 0 || allowed[r.Service] {
			rates = append(rates, r)
		}
	}
	if len(rates) == 0 {
		return Rate{}, errors.New("carrier: no eligible rates")
	}
	sort.Slice(rates, func(i, j int) bool { return rates[i].Cents < rates[j].Cents })
	return rates[0], nil
}

type ShipmentRequest struct {
	Reference   string   `json:"reference"`
	ToAddress   Address  `json:"to_address"`
	FromAddress Address  `json:"from_address"`
	Parcel      Parcel   `json:"parcel"`
	IsReturn    bool     `json:"is_return,omitempty"`
	Options     struct{} `json:"options"`
}

// CallOption adjusts a single API call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey makes the carrier collapse repeated calls with the same
// key into one purchase.
func WithIdempotencyKey(k string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = k }
}

type Client struct {
	baseURL    string
	apiKey     string
	http       *http.Client
	maxElapsed time.Duration
}

func NewClient(baseURL, apiKey string) *Client {
	return &Client{
		baseURL:    baseURL,
		apiKey:     apiKey,
		http:       httpx.NewClient(30 * time.Second),
		maxElapsed: 45 * time.Second,
	}
}

func (c *Client) header(o callOptions) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	return h
}

// retry runs op with exponential backoff, giving up immediately on 4xx.
func (c *Client) retry(ctx context.Context, op func() error) error {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = 300 * time.Millisecond
	b.MaxElapsedTime = c.maxElapsed
	return backoff.Retry(func() error {
		err := op()
		if err == nil {
			return nil
		}
		var se *httpx.StatusError
		if errors.As(err, &se) && !se.Retryable() {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(b, ctx))
}

func (c *Client) CreateShipment(ctx context.Context, req ShipmentRequest) (*Shipment, error) {
	var out struct {
		Shipment Shipment `json:"shipment"`
	}
	err := c.retry(ctx, func() error {
		return httpx.Do(ctx, c.http, httpx.Request{
			Method: http.MethodPost,
			URL:    c.baseURL + "/v2/shipments",
			Header: c.header(callOptions{}),
			Body:   map[string]any{"shipment": req},
		}, &out)
	})
	if err != nil {
		return nil, err
	}
	return &out.Shipment, nil
}

// Buy purchases rateID for an existing shipment. Retried internally.
func (c *Client) Buy(ctx context.Context, shipmentID, rateID string, opts ...CallOption) (*Shipment, error) {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	var out Shipment
	err := c.retry(ctx, func() error {
		return httpx.Do(ctx, c.http, httpx.Request{
			Method: http.MethodPost,
			URL:    c.baseURL + "/v2/shipments/" + url.PathEscape(shipmentID) + "/buy",
			Header: c.header(o),
			Body:   map[string]any{"rate": map[string]string{"id": rateID}},
		}, &out)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Refund voids the label of a shipment. Asking twice returns the existing
// refund.
func (c *Client) Refund(ctx context.Context, shipmentID string) (*Shipment, error) {
	var out Shipment
	err := c.retry(ctx, func() error {
		return httpx.Do(ctx, c.http, httpx.Request{
			Method: http.MethodPost,
			URL:    c.baseURL + "/v2/shipments/" + url.PathEscape(shipmentID) + "/refund",
			Header: c.header(callOptions{}),
		}, &out)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) GetShipment(ctx context.Context, shipmentID string) (*Shipment, error) {
	var out Shipment
	err := c.retry(ctx, func() error {
		return httpx.Do(ctx, c.http, httpx.Request{
			Method: http.MethodGet,
			URL:    c.baseURL + "/v2/shipments/" + url.PathEscape(shipmentID),
			Header: c.header(callOptions{}),
		}, &out)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

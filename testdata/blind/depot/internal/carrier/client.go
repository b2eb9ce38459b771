// Package carrier is the client for the ParcelPath carrier API, used to buy
// outbound and return labels and to book dock pickups.
package carrier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Address is a carrier address block.
type Address struct {
	Name       string `json:"name"`
	Company    string `json:"company,omitempty"`
	Phone      string `json:"phone,omitempty"`
	Street1    string `json:"street1"`
	Street2    string `json:"street2,omitempty"`
	City       string `json:"city"`
	State      string `json:"state,omitempty"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// Parcel describes the carton being shipped.
type Parcel struct {
	WeightG  int `json:"weight_g"`
	LengthMM int `json:"length_mm"`
	WidthMM  int `json:"width_mm"`
	HeightMM int `json:"height_mm"`
}

// LabelRequest asks for an outbound label.
type LabelRequest struct {
	Account      string  `json:"account"`
	ServiceLevel string  `json:"service_level"`
	From         Address `json:"from"`
	To           Address `json:"to"`
	Parcel       Parcel  `json:"parcel"`
	Reference    string  `json:"reference,omitempty"`
}

// ReturnLabelRequest asks for a prepaid return label.
type ReturnLabelRequest struct {
	Account   string  `json:"account"`
	From      Address `json:"from"`
	To        Address `json:"to"`
	Parcel    Parcel  `json:"parcel"`
	Reference string  `json:"reference,omitempty"`
}

// Label is the carrier's label response.
type Label struct {
	TrackingNumber string `json:"tracking_number"`
	LabelURL       string `json:"label_url"`
	RateCents      int64  `json:"rate_cents"`
	Carrier        string `json:"carrier"`
}

// PickupRequest books a truck collection at a dock.
type PickupRequest struct {
	Account   string `json:"account"`
	Location  string `json:"location"`
	Date      string `json:"date"`
	ReadyTime string `json:"ready_time"`
	CloseTime string `json:"close_time"`
	Pallets   int    `json:"pallets"`
}

// Pickup is the carrier's booking confirmation.
type Pickup struct {
	Confirmation string `json:"confirmation_number"`
	Date         string `json:"date"`
}

// APIError is a non-2xx carrier response.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("carrier: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Client talks to the carrier over go-retryablehttp.
type Client struct {
	base    string
	apiKey  string
	account string
	http    *retryablehttp.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sets the underlying transport client.
func WithHTTPClient(h *http.Client) Option {
	return func(c *Client) { c.http.HTTPClient = h }
}

// WithRetryMax sets how many times a failed call is retried.
func WithRetryMax(n int) Option {
	return func(c *Client) { c.http.RetryMax = n }
}

// WithLogger routes retryablehttp's logging to slog.
func WithLogger(l *slog.Logger) Option {
	return func(c *Client) { c.http.Logger = retryablehttp.LeveledLogger(slogAdapter{l}) }
}

// New builds a carrier client for the given shipper account.
func New(baseURL, apiKey, account string, opts ...Option) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 4 * time.Second
	rc.Logger = nil
	c := &Client{base: strings.TrimRight(baseURL, "/"), apiKey: apiKey, account: account, http: rc}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Account is the shipper account the client bills to.
func (c *Client) Account() string { return c.account }

// CallOption adjusts a single request.
type CallOption func(*retryablehttp.Request)

// WithRequestID sets X-Request-Id; the carrier returns the original result
// for a repeated ID on label endpoints.
func WithRequestID(id string) CallOption {
	return func(r *retryablehttp.Request) { r.Header.Set("X-Request-Id", id) }
}

// CreateLabel buys an outbound label.
func (c *Client) CreateLabel(ctx context.Context, req LabelRequest, opts ...CallOption) (*Label, error) {
	if req.Account == "" {
		req.Account = c.account
	}
	var out Label
	if err := c.post(ctx, "/v2/labels", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateReturnLabel buys a prepaid return label.
func (c *Client) CreateReturnLabel(ctx context.Context, req ReturnLabelRequest, opts ...CallOption) (*Label, error) {
	if req.Account == "" {
		req.Account = c.account
	}
	var out Label
	if err := c.post(ctx, "/v2/return-labels", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// BookPickup books a collection.
func (c *Client) BookPickup(ctx context.Context, req PickupRequest) (*Pickup, error) {
	if req.Account == "" {
		req.Account = c.account
	}
	var out Pickup
	if err := c.post(ctx, "/v2/pickups", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// VoidLabel cancels an unused label.
func (c *Client) VoidLabel(ctx context.Context, trackingNumber string) error {
	return c.post(ctx, "/v2/labels/"+trackingNumber+"/void", struct{}{}, nil)
}

func (c *Client) post(ctx context.Context, path string, in, out any, opts ...CallOption) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.base+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	for _, o := range opts {
		o(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("carrier: POST %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(bytes.NewReader(raw)).Decode(out)
}

type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Error(msg string, kv ...any) { a.l.Error(msg, kv...) }
func (a slogAdapter) Info(msg string, kv ...any)  { a.l.Info(msg, kv...) }
func (a slogAdapter) Debug(msg string, kv ...any) { a.l.Debug(msg, kv...) }
func (a slogAdapter) Warn(msg string, kv ...any)  { a.l.Warn(msg, kv...) }

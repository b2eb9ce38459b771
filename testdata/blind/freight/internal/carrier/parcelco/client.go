// Package parcelco is a hand-written client for the ParcelCo v2 REST API.
//
// ParcelCo honours an Idempotency-Key header on POST /labels and
// POST /returns: a repeated key within 24h returns the original response
// instead of buying a second label.
package parcelco

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/acme/freight/internal/config"
	"github.com/acme/freight/internal/httpx"
)

type Client struct {
	baseURL    string
	apiKey     string
	http       *http.Client
	maxElapsed time.Duration
}

func New(cfg config.ParcelCo) *Client {
	return &Client{
		baseURL:    cfg.BaseURL,
		apiKey:     cfg.APIKey,
		http:       &http.Client{Timeout: cfg.Timeout},
		maxElapsed: 30 * time.Second,
	}
}

type callOptions struct {
	idempotencyKey string
}

// CallOption configures a single API call.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header on the request.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

type Address struct {
	Name       string `json:"name"`
	Street     string `json:"street"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country_code"`
	Phone      string `json:"phone,omitempty"`
}

type LabelRequest struct {
	Reference   string  `json:"reference"`
	Service     string  `json:"service"`
	From        Address `json:"from"`
	To          Address `json:"to"`
	WeightGrams int     `json:"weight_grams"`
}

type ReturnLabelRequest struct {
	OriginalTracking string  `json:"original_tracking_number"`
	From             Address `json:"from"`
	To               Address `json:"to"`
}

type Label struct {
	ID             string `json:"id"`
	TrackingNumber string `json:"tracking_number"`
	LabelURL       string `json:"label_url"`
	Charge         struct {
		AmountCents int64  `json:"amount_cents"`
		Currency    string `json:"currency"`
	} `json:"charge"`
}

type PickupRequest struct {
	TrackingNumbers []string  `json:"tracking_numbers"`
	Address         Address   `json:"address"`
	ReadyAt         time.Time `json:"ready_at"`
	CloseAt         time.Time `json:"close_at"`
}

type PickupConfirmation struct {
	Confirmation string    `json:"confirmation_number"`
	WindowStart  time.Time `json:"window_start"`
	WindowEnd    time.Time `json:"window_end"`
}

// CreateLabel buys a shipping label.
func (c *Client) CreateLabel(ctx context.Context, req LabelRequest, opts ...CallOption) (*Label, error) {
	var out Label
	if err := c.post(ctx, "/labels", req, &out, opts); err != nil {
		return nil, fmt.Errorf("parcelco: create label: %w", err)
	}
	return &out, nil
}

// CreateReturnLabel buys a prepaid return label for an existing shipment.
func (c *Client) CreateReturnLabel(ctx context.Context, req ReturnLabelRequest, opts ...CallOption) (*Label, error) {
	var out Label
	if err := c.post(ctx, "/returns", req, &out, opts); err != nil {
		return nil, fmt.Errorf("parcelco: create return label: %w", err)
	}
	return &out, nil
}

// SchedulePickup books a driver collection. The /pickups endpoint predates
// ParcelCo's idempotency support and ignores the Idempotency-Key header;
// every successful call books another collection.
func (c *Client) SchedulePickup(ctx context.Context, req PickupRequest) (*PickupConfirmation, error) {
	var out PickupConfirmation
	if err := c.post(ctx, "/pickups", req, &out, nil); err != nil {
		return nil, fmt.Errorf("parcelco: schedule pickup: %w", err)
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, body, out any, opts []CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = httpx.Retry(ctx, c.maxElapsed, func() (struct{}, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return struct{}{}, httpx.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		if o.idempotencyKey != "" {
			req.Header.Set(httpx.HeaderIdempotencyKey, o.idempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return struct{}{}, err
		}
		defer resp.Body.Close()
		if err := httpx.CheckResponse(resp); err != nil {
			var se *httpx.StatusError
			if errors.As(err, &se) && !se.Temporary() {
				return struct{}{}, httpx.Permanent(err)
			}
			return struct{}{}, err
		}
		return struct{}{}, json.NewDecoder(resp.Body).Decode(out)
	})
	return err
}

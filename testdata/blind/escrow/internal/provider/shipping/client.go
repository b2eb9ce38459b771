// Package shipping is the client for the shipping partner's label and pickup
// API.
//
// The partner honours an Idempotency-Key header on POST /v1/labels (keys are
// kept for 48 hours). POST /v1/pickups ignores the header: every accepted
// request books a courier visit.
package shipping

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Config configures the partner client.
type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
}

// Client talks to the partner API. Transient failures (connection errors,
// 429 and 5xx) are retried by retryablehttp.
type Client struct {
	http    *retryablehttp.Client
	baseURL string
	apiKey  string
}

// New returns a Client.
func New(cfg Config, log *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 3 * time.Second
	rc.Logger = log.With("component", "shipping-client")
	if cfg.Timeout > 0 {
		rc.HTTPClient.Timeout = cfg.Timeout
	}
	return &Client{http: rc, baseURL: cfg.BaseURL, apiKey: cfg.APIKey}
}

// Address is a postal address.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
	Phone      string `json:"phone,omitempty"`
}

// Parcel describes the package dimensions.
type Parcel struct {
	WeightGrams int `json:"weight_grams"`
	LengthCm    int `json:"length_cm"`
	WidthCm     int `json:"width_cm"`
	HeightCm    int `json:"height_cm"`
}

// LabelRequest is the body of POST /v1/labels. Build it with NewLabelRequest.
type LabelRequest struct {
	Reference string  `json:"reference"`
	Service   string  `json:"service"`
	From      Address `json:"from"`
	To        Address `json:"to"`
	Parcel    Parcel  `json:"parcel"`

	idempotencyKey string
}

// Label is a booked shipping label.
type Label struct {
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"tracking_number"`
	LabelURL       string `json:"label_url"`
}

// BookLabel books a label and returns its tracking number.
func (c *Client) BookLabel(ctx context.Context, req LabelRequest) (Label, error) {
	headers := map[string]string{}
	if req.idempotencyKey != "" {
		headers["Idempotency-Key"] = req.idempotencyKey
	}
	var out Label
	if err := c.post(ctx, "/v1/labels", req, headers, &out); err != nil {
		return Label{}, fmt.Errorf("book label: %w", err)
	}
	return out, nil
}

// PickupRequest is the body of POST /v1/pickups.
type PickupRequest struct {
	TrackingNumbers []string  `json:"tracking_numbers"`
	Address         Address   `json:"address"`
	WindowStart     time.Time `json:"window_start"`
	WindowEnd       time.Time `json:"window_end"`
}

// Pickup is a booked courier collection.
type Pickup struct {
	ConfirmationCode string    `json:"confirmation_code"`
	WindowStart      time.Time `json:"window_start"`
	WindowEnd        time.Time `json:"window_end"`
}

// SchedulePickup books a courier collection for the given parcels.
func (c *Client) SchedulePickup(ctx context.Context, req PickupRequest) (Pickup, error) {
	var out Pickup
	if err := c.post(ctx, "/v1/pickups", req, nil, &out); err != nil {
		return Pickup{}, fmt.Errorf("schedule pickup: %w", err)
	}
	return out, nil
}

// APIError is a non-2xx response from the partner.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("shipping partner: status %d: %s", e.Status, e.Body)
}

func (c *Client) post(ctx context.Context, path string, body any, headers map[string]string, out any) error {
	buf, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return &APIError{Status: resp.StatusCode, Body: string(b)}
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Package swiftfreight is a client for the SwiftFreight booking gateway.
//
// SwiftFreight deduplicates bookings on the client_reference field: a second
// booking with a reference seen in the last 72h returns the first booking.
// Its customs endpoint has no such field.
package swiftfreight

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/acme/freight/internal/config"
	"github.com/acme/freight/internal/httpx"
)

type Client struct {
	baseURL string
	token   string
	rc      *retryablehttp.Client
}

func New(cfg config.SwiftFreight) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.RetryMax
	rc.RetryWaitMin = 500 * time.Millisecond
	rc.RetryWaitMax = 8 * time.Second
	rc.HTTPClient.Timeout = 20 * time.Second
	rc.Logger = nil
	return &Client{baseURL: cfg.BaseURL, token: cfg.Token, rc: rc}
}

type Party struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	City    string `json:"city"`
	Zip     string `json:"zip"`
	Country string `json:"country"`
}

type BookingRequest struct {
	ClientReference string `json:"client_reference"`
	Product         string `json:"product"`
	Shipper         Party  `json:"shipper"`
	Receiver        Party  `json:"receiver"`
	WeightKg        string `json:"weight_kg"`
}

type Booking struct {
	ShipmentNo string `json:"shipment_no"`
	Waybill    string `json:"waybill"`
	LabelURL   string `json:"label_pdf_url"`
	PriceCents int64  `json:"price_cents"`
}

type CustomsItem struct {
	Description string `json:"description"`
	HSCode      string `json:"hs_code"`
	ValueCents  int64  `json:"value_cents"`
	Origin      string `json:"origin_country"`
}

type CustomsRequest struct {
	ShipmentRef string        `json:"shipment_ref"`
	Incoterm    string        `json:"incoterm"`
	Items       []CustomsItem `json:"items"`
}

type CustomsFiling struct {
	FilingNumber string `json:"filing_number"`
	Status       string `json:"status"`
}

// Book creates a booking and returns its waybill and label.
func (c *Client) Book(ctx context.Context, req BookingRequest) (*Booking, error) {
	var out Booking
	if err := c.post(ctx, "/api/v3/bookings", req, &out); err != nil {
		return nil, fmt.Errorf("swiftfreight: book: %w", err)
	}
	return &out, nil
}

// FileCustoms submits an electronic customs declaration.
func (c *Client) FileCustoms(ctx context.Context, req CustomsRequest) (*CustomsFiling, error) {
	var out CustomsFiling
	if err := c.post(ctx, "/api/v3/customs/declarations", req, &out); err != nil {
		return nil, fmt.Errorf("swiftfreight: file customs: %w", err)
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, body, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, payload)
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Token", c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.rc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := httpx.CheckResponse(resp); err != nil {
		return err
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Package carrierapi is the client for ParcelHop, the third-party carrier we
// hand long-distance orders to. POST /v2/bookings honours an Idempotency-Key
// header (24h window); POST /v2/pickups does not deduplicate at all.
package carrierapi

import (
	"context"
	"net/http"
	"time"

	"github.com/quaymile/dispatch/internal/config"
	"github.com/quaymile/dispatch/internal/providers/httpdo"
)

// Address is a postal address.
type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	City     string `json:"city,omitempty"`
	Postcode string `json:"postcode,omitempty"`
	Country  string `json:"country"`
	Phone    string `json:"phone,omitempty"`
}

// Parcel describes the package.
type Parcel struct {
	WeightGrams int `json:"weight_grams"`
	LengthCm    int `json:"length_cm"`
	WidthCm     int `json:"width_cm"`
	HeightCm    int `json:"height_cm"`
}

// BookingRequest is the body of POST /v2/bookings.
type BookingRequest struct {
	ShipperReference string  `json:"shipper_reference"`
	ServiceLevel     string  `json:"service_level"`
	From             Address `json:"from"`
	To               Address `json:"to"`
	Parcel           Parcel  `json:"parcel"`
	CODAmountCents   int64   `json:"cod_amount_cents,omitempty"`

	idempotencyKey string
}

// Booking is the carrier's answer.
type Booking struct {
	BookingRef string `json:"booking_ref"`
	LabelURL   string `json:"label_url"`
	Status     string `json:"status"`
}

// PickupRequest is the body of POST /v2/pickups.
type PickupRequest struct {
	BookingRefs []string  `json:"booking_refs"`
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
	Address     Address   `json:"address"`
	Notes       string    `json:"notes,omitempty"`
}

// Pickup is the carrier's answer.
type Pickup struct {
	PickupID string `json:"pickup_id"`
	Status   string `json:"status"`
}

// Client is the ParcelHop API.
type Client interface {
	CreateBooking(ctx context.Context, req BookingRequest) (*Booking, error)
	RequestPickup(ctx context.Context, req PickupRequest) (*Pickup, error)
}

type client struct {
	http *httpdo.Client
}

// NewClient builds the ParcelHop client.
func NewClient(cfg config.Config) Client {
	return &client{http: &httpdo.Client{
		HTTP:    &http.Client{Timeout: 15 * time.Second},
		BaseURL: cfg.CarrierAPIURL,
		Headers: map[string]string{"X-Api-Key": cfg.CarrierAPIKey},
	}}
}

func (c *client) CreateBooking(ctx context.Context, req BookingRequest) (*Booking, error) {
	headers := map[string]string{}
	if req.idempotencyKey != "" {
		headers["Idempotency-Key"] = req.idempotencyKey
	}
	var out Booking
	if err := c.http.Do(ctx, httpdo.Request{Method: http.MethodPost, Path: "/v2/bookings", Body: req, Headers: headers}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) RequestPickup(ctx context.Context, req PickupRequest) (*Pickup, error) {
	var out Pickup
	if err := c.http.Do(ctx, httpdo.Request{Method: http.MethodPost, Path: "/v2/pickups", Body: req}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

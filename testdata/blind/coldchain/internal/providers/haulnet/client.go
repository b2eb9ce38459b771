// Package haulnet is a client for the HaulNet partner API, through which
// we tender refrigerated loads to contracted trucking companies.
//
// POST /bookings honours an Idempotency-Key header: a key seen in the last
// 72 hours returns the original booking instead of tendering the load a
// second time.
package haulnet

import (
	"context"
	"net/http"
	"time"

	"github.com/frostline/coldchain/internal/platform"
)

// Client talks to HaulNet.
type Client struct {
	baseURL string
	apiKey  string
	http    platform.Doer
}

// New returns a HaulNet client. The doer is wrapped with retries; only
// requests that carry an Idempotency-Key are retried on POST.
func New(baseURL, apiKey string, doer platform.Doer) *Client {
	return &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		http:    platform.WithRetries(doer, 3, 500*time.Millisecond),
	}
}

// BookingRequest tenders one load.
type BookingRequest struct {
	ShipmentRef string    `json:"shipment_ref"`
	Origin      string    `json:"origin"`
	Destination string    `json:"destination"`
	Commodity   string    `json:"commodity"`
	PickupAt    time.Time `json:"pickup_at"`
	TempMinC    float64   `json:"reefer_min_c"`
	TempMaxC    float64   `json:"reefer_max_c"`
}

// Booking is HaulNet's view of a tendered load.
type Booking struct {
	ID         string    `json:"booking_id"`
	Status     string    `json:"status"`
	Carrier    string    `json:"carrier_scac"`
	TruckPlate string    `json:"truck_plate"`
	PickupETA  time.Time `json:"pickup_eta"`
}

func (c *Client) header(idempotencyKey string) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if idempotencyKey != "" {
		h.Set("Idempotency-Key", idempotencyKey)
	}
	return h
}

// CreateBooking tenders a load. idempotencyKey may be empty, in which case
// HaulNet treats every call as a new tender.
func (c *Client) CreateBooking(ctx context.Context, req BookingRequest, idempotencyKey string) (Booking, error) {
	var out Booking
	err := platform.DoJSON(ctx, c.http, platform.JSONRequest{
		Provider: "haulnet",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/bookings",
		Header:   c.header(idempotencyKey),
		Body:     req,
	}, &out)
	return out, err
}

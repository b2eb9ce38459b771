// Package nemt is the client for the non-emergency medical transport
// partner that drives patients to and from treatment.
//
// POST /v1/rides honours an Idempotency-Key header for 24 hours. Cancelling
// is keyed by the partner's ride id and cancelling an already-cancelled
// ride answers 409 ride_already_cancelled.
package nemt

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/renalnet/dialysis-ops/internal/partners/httpx"
)

const partnerName = "nemt"

type Config struct {
	BaseURL       string
	ClientID      string
	APIKey        string
	WebhookSecret string
}

type Client struct {
	cfg  Config
	http *retryablehttp.Client
}

func New(cfg Config, hc *retryablehttp.Client) *Client {
	return &Client{cfg: cfg, http: hc}
}

type Location struct {
	Address string `json:"address"`
	Notes   string `json:"notes,omitempty"`
}

type RideRequest struct {
	ExternalRef   string    `json:"external_ref"`
	MemberName    string    `json:"member_name"`
	MemberPhone   string    `json:"member_phone,omitempty"`
	Mobility      string    `json:"mobility"`
	Pickup        Location  `json:"pickup"`
	Dropoff       Location  `json:"dropoff"`
	PickupAt      time.Time `json:"pickup_at"`
	AppointmentAt time.Time `json:"appointment_at"`
	TripPurpose   string    `json:"trip_purpose"`
}

type Ride struct {
	RideID string `json:"ride_id"`
	Status string `json:"status"`
}

type options struct {
	idempotencyKey string
}

type Option func(*options)

// WithIdempotencyKey sets the Idempotency-Key header on BookRide.
func WithIdempotencyKey(key string) Option {
	return func(o *options) { o.idempotencyKey = key }
}

func (c *Client) headers(extra map[string]string) map[string]string {
	h := map[string]string{
		"Authorization": "Bearer " + c.cfg.APIKey,
		"X-Client-Id":   c.cfg.ClientID,
	}
	for k, v := range extra {
		h[k] = v
	}
	return h
}

// BookRide requests a ride. ExternalRef is informational on the partner
// side; it is not used to de-duplicate.
func (c *Client) BookRide(ctx context.Context, req RideRequest, opts ...Option) (Ride, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	var out Ride
	err := httpx.DoJSON(ctx, c.http, partnerName, httpx.Request{
		Method:  http.MethodPost,
		URL:     c.cfg.BaseURL + "/v1/rides",
		Headers: c.headers(map[string]string{"Idempotency-Key": o.idempotencyKey}),
		Body:    req,
	}, &out)
	if err != nil {
		return out, fmt.Errorf("book ride %s: %w", req.ExternalRef, err)
	}
	return out, nil
}

// CancelRide cancels a booked ride. Cancelling twice is treated as success.
func (c *Client) CancelRide(ctx context.Context, rideID, reason string) error {
	err := httpx.DoJSON(ctx, c.http, partnerName, httpx.Request{
		Method:  http.MethodPost,
		URL:     c.cfg.BaseURL + "/v1/rides/" + url.PathEscape(rideID) + "/cancel",
		Headers: c.headers(nil),
		Body:    map[string]string{"reason": reason},
	}, nil)
	if httpx.IsStatus(err, http.StatusConflict) {
		return nil
	}
	return err
}

// StatusEvent is the body of the partner's ride status webhook.
type StatusEvent struct {
	EventID    string    `json:"event_id"`
	RideID     string    `json:"ride_id"`
	Status     string    `json:"status"` // assigned, en_route, picked_up, dropped_off, no_show, cancelled
	OccurredAt time.Time `json:"occurred_at"`
	DriverName string    `json:"driver_name,omitempty"`
	VehicleID  string    `json:"vehicle_id,omitempty"`
}

func (c *Client) VerifyWebhook(body []byte, signature string) bool {
	return httpx.VerifyHMAC([]byte(c.cfg.WebhookSecret), body, signature)
}

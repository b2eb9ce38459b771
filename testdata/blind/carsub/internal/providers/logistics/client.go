// Package logistics is the client for FleetMove, the partner that drives
// cars to and from customers.
//
// FleetMove deduplicates bookings by the external_ref field of the booking
// body: a second POST /v2/bookings with an external_ref it has already seen
// returns the existing booking (HTTP 200 instead of 201). Bookings without
// an external_ref are always new jobs and are invoiced separately.
package logistics

import (
	"context"
	"net/http"
	"time"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/platform/httpx"
)

type JobType string

const (
	JobDelivery JobType = "delivery"
	JobSwap     JobType = "swap"
	JobPickup   JobType = "pickup"
)

type BookingRequest struct {
	ExternalRef string    `json:"external_ref,omitempty"`
	Type        JobType   `json:"type"`
	VIN         string    `json:"vin,omitempty"`
	ReturnVIN   string    `json:"return_vin,omitempty"`
	Address     string    `json:"address"`
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
	ContactName string    `json:"contact_name"`
	ContactTel  string    `json:"contact_phone"`
	Notes       string    `json:"notes,omitempty"`
}

type Booking struct {
	Reference   string     `json:"reference"`
	ExternalRef string     `json:"external_ref,omitempty"`
	Status      string     `json:"status"`
	ETA         *time.Time `json:"eta,omitempty"`
	DriverName  string     `json:"driver_name,omitempty"`
}

type Client struct {
	http *httpx.Client
}

func New(cfg config.Provider) *Client {
	return &Client{http: httpx.New("fleetmove", cfg.BaseURL, cfg.Timeout, func(r *http.Request) {
		r.Header.Set("X-Api-Key", cfg.APIKey)
	})}
}

// Book schedules a job.
func (c *Client) Book(ctx context.Context, req BookingRequest) (*Booking, error) {
	var out Booking
	if err := c.http.Do(ctx, http.MethodPost, "/v2/bookings", nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

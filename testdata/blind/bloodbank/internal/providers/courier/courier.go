// Package courier books temperature-controlled deliveries with the
// regional cold-chain courier.
package courier

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/hemolink-systems/bloodbank/internal/providers/apiclient"
)

// BookingRequest describes one pickup at the blood bank and a drop-off at a
// hospital transfusion laboratory.
type BookingRequest struct {
	PickupSite      string    `json:"pickup_site"`
	DropoffName     string    `json:"dropoff_name"`
	DropoffAddress  string    `json:"dropoff_address"`
	Priority        string    `json:"priority"`
	TemperatureBand string    `json:"temperature_band"`
	Parcels         int       `json:"parcels"`
	ReadyAt         time.Time `json:"ready_at"`
	Notes           string    `json:"notes,omitempty"`
}

// Booking is the courier's confirmation.
type Booking struct {
	BookingRef string    `json:"booking_ref"`
	ETA        time.Time `json:"eta"`
	DriverName string    `json:"driver_name"`
}

// Client talks to the courier's booking API.
type Client struct {
	api *apiclient.Client
}

func New(baseURL, apiKey string, timeout time.Duration) *Client {
	return &Client{api: apiclient.New(baseURL, timeout, apiclient.APIKeyHeader("X-Api-Key", apiKey))}
}

// Book creates a collection job. The courier dispatches a driver as soon as
// the booking is accepted.
func (c *Client) Book(ctx context.Context, req BookingRequest) (Booking, error) {
	var out Booking
	if _, err := c.api.Do(ctx, http.MethodPost, "/v2/bookings", req, &out, nil); err != nil {
		return Booking{}, fmt.Errorf("courier booking: %w", err)
	}
	return out, nil
}

// Package courier books pickups of sworn paper translations with ShipFast.
//
// ShipFast bookings are created by POST /bookings and carry no idempotency
// mechanism; each accepted request dispatches a courier.
package courier

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Address is a pickup or delivery address.
type Address struct {
	Name    string `json:"name"`
	Line1   string `json:"line1"`
	Line2   string `json:"line2,omitempty"`
	City    string `json:"city"`
	Postal  string `json:"postal_code"`
	Country string `json:"country"`
	Phone   string `json:"phone,omitempty"`
}

// BookingRequest asks for a pickup.
type BookingRequest struct {
	Pickup      Address   `json:"pickup"`
	Dropoff     Address   `json:"dropoff"`
	Parcels     int       `json:"parcels"`
	Service     string    `json:"service"`
	ReadyAt     time.Time `json:"ready_at"`
	Description string    `json:"description"`
}

// Booking is a confirmed pickup.
type Booking struct {
	Ref         string `json:"booking_ref"`
	TrackingURL string `json:"tracking_url"`
	Carrier     string `json:"carrier"`
}

// Client books couriers.
type Client interface {
	Book(ctx context.Context, req BookingRequest) (*Booking, error)
}

type client struct {
	base   string
	apiKey string
	hc     *retryablehttp.Client
}

// New builds the ShipFast client.
func New(base, apiKey string, hc *retryablehttp.Client) Client {
	return &client{base: base, apiKey: apiKey, hc: hc}
}

func (c *client) Book(ctx context.Context, req BookingRequest) (*Booking, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	var out Booking
	if err := platform.DoJSON(ctx, c.hc, "shipfast", http.MethodPost, c.base+"/bookings", h, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Package yard is the client for YardPlanner, the boatyard's travel-lift and
// hard-standing scheduler. Each accepted POST /lift-bookings reserves a lift
// slot, which the yard office confirms by email.
package yard

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/harbourline/marina/internal/providers/httpx"
)

type Config struct {
	BaseURL string
	APIKey  string
}

type Client struct {
	http *httpx.Client
}

func New(cfg Config) *Client {
	return &Client{http: &httpx.Client{
		BaseURL:   cfg.BaseURL,
		HTTP:      &http.Client{Timeout: 20 * time.Second},
		UserAgent: "marina-boatyard/1.0",
		Authorize: func(r *http.Request) { r.Header.Set("Authorization", "Token "+cfg.APIKey) },
	}}
}

type LiftRequest struct {
	VesselName   string  `json:"vessel_name"`
	Registration string  `json:"registration"`
	LOAMetres    float64 `json:"loa_m"`
	Operation    string  `json:"operation"` // haul_out, launch, lift_and_hold
	Date         string  `json:"date"`
	Notes        string  `json:"notes,omitempty"`
}

type LiftBooking struct {
	Reference string    `json:"reference"`
	Slot      time.Time `json:"slot"`
	Crane     string    `json:"crane"`
}

// BookLift reserves a travel-lift slot.
func (c *Client) BookLift(ctx context.Context, req LiftRequest) (*LiftBooking, error) {
	var out LiftBooking
	if err := c.http.Post(ctx, "/lift-bookings", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CancelLift releases a booking.
func (c *Client) CancelLift(ctx context.Context, reference string) error {
	return c.http.Do(ctx, http.MethodDelete, "/lift-bookings/"+url.PathEscape(reference), nil, nil)
}

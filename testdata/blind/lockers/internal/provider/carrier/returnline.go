// Package carrier is a client for ReturnLine, the courier company that
// collects overdue parcels from lockers and brings them back to partners.
//
// ReturnLine treats the X-Request-Id header of POST /bookings as an
// idempotency key for 72 hours.
package carrier

import (
	"context"
	"net/http"
	"time"

	"github.com/quayside/lockers/internal/provider/apiclient"
)

type Option func(*Client)

func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.api.HTTP = hc }
}

func WithAPIKey(key string) Option {
	return func(c *Client) { c.api.Header.Set("X-Api-Key", key) }
}

func WithDepot(depot string) Option {
	return func(c *Client) { c.depot = depot }
}

type Client struct {
	api   *apiclient.Client
	depot string
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{api: apiclient.New("returnline", baseURL, nil), depot: "main"}
	for _, o := range opts {
		o(c)
	}
	return c
}

type BookingOption func(http.Header)

func WithRequestID(id string) BookingOption {
	return func(h http.Header) { h.Set("X-Request-Id", id) }
}

type PickupBooking struct {
	SiteAddress string
	SiteCode    string
	Barcode     string
	ReturnTo    string
	EarliestAt  time.Time
}

type Booking struct {
	ID          string    `json:"booking_id"`
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
}

type bookingBody struct {
	Depot       string    `json:"depot"`
	Address     string    `json:"pickup_address"`
	SiteCode    string    `json:"site_code"`
	Barcode     string    `json:"barcode"`
	Destination string    `json:"destination"`
	NotBefore   time.Time `json:"not_before"`
}

func (c *Client) BookPickup(ctx context.Context, b PickupBooking, opts ...BookingOption) (Booking, error) {
	hdr := http.Header{}
	for _, o := range opts {
		o(hdr)
	}
	var out Booking
	err := c.api.Do(ctx, apiclient.Request{
		Method: http.MethodPost,
		Path:   "/bookings",
		Header: hdr,
		Body: bookingBody{
			Depot:       c.depot,
			Address:     b.SiteAddress,
			SiteCode:    b.SiteCode,
			Barcode:     b.Barcode,
			Destination: b.ReturnTo,
			NotBefore:   b.EarliestAt,
		},
	}, &out)
	return out, err
}

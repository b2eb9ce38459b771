// Package courier is the client for the courier partner's booking API.
//
// Bookings: the partner keeps external_ref unique per merchant account. A
// POST /v1/bookings whose external_ref matches an existing booking returns
// that booking (200) instead of dispatching a new driver (201). Requests
// without external_ref always create a booking.
//
// Tips: POST /v1/tips pays the driver immediately and has no request key.
package courier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

func NewClient(baseURL, apiKey string, timeout time.Duration) *Client {
	return &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		http:    &http.Client{Timeout: timeout},
	}
}

type Leg string

const (
	LegPickup   Leg = "pickup"
	LegDelivery Leg = "delivery"
)

type Stop struct {
	Name     string  `json:"name"`
	Phone    string  `json:"phone"`
	Line1    string  `json:"line1"`
	Line2    string  `json:"line2,omitempty"`
	City     string  `json:"city"`
	Postcode string  `json:"postcode"`
	Lat      float64 `json:"lat,omitempty"`
	Lng      float64 `json:"lng,omitempty"`
	Note     string  `json:"note,omitempty"`
}

type BookingRequest struct {
	ExternalRef string    `json:"external_ref,omitempty"`
	Kind        Leg       `json:"kind"`
	From        Stop      `json:"from"`
	To          Stop      `json:"to"`
	WindowFrom  time.Time `json:"window_from"`
	WindowTo    time.Time `json:"window_to"`
	Parcels     int       `json:"parcels"`
	Notes       string    `json:"notes,omitempty"`
	Vehicle     string    `json:"vehicle,omitempty"`
}

type BookingOption func(*BookingRequest)

// WithReference sets the merchant reference the partner keys bookings on.
func WithReference(ref string) BookingOption {
	return func(r *BookingRequest) { r.ExternalRef = ref }
}

func WithParcels(n int) BookingOption {
	return func(r *BookingRequest) {
		if n > 0 {
			r.Parcels = n
		}
	}
}

func WithNotes(notes string) BookingOption {
	return func(r *BookingRequest) { r.Notes = notes }
}

func WithVehicle(v string) BookingOption {
	return func(r *BookingRequest) { r.Vehicle = v }
}

// NewBooking assembles a booking request for one leg.
func NewBooking(leg Leg, from, to Stop, windowFrom, windowTo time.Time, opts ...BookingOption) BookingRequest {
	req := BookingRequest{
		Kind:       leg,
		From:       from,
		To:         to,
		WindowFrom: windowFrom,
		WindowTo:   windowTo,
		Parcels:    1,
		Vehicle:    "van",
	}
	for _, o := range opts {
		o(&req)
	}
	return req
}

type Booking struct {
	ID          string    `json:"id"`
	ExternalRef string    `json:"external_ref"`
	Status      string    `json:"status"`
	TrackingURL string    `json:"tracking_url"`
	ETA         time.Time `json:"eta"`
	Driver      *Driver   `json:"driver,omitempty"`
}

type Driver struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string { return fmt.Sprintf("courier: %d: %s", e.Status, e.Body) }

func (e *APIError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func (c *Client) Book(ctx context.Context, req BookingRequest) (*Booking, error) {
	var out Booking
	if err := c.send(ctx, http.MethodPost, "/v1/bookings", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Get(ctx context.Context, bookingID string) (*Booking, error) {
	var out Booking
	if err := c.send(ctx, http.MethodGet, "/v1/bookings/"+url.PathEscape(bookingID), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Cancel(ctx context.Context, bookingID, reason string) error {
	body := map[string]string{"reason": reason}
	return c.send(ctx, http.MethodPost, "/v1/bookings/"+url.PathEscape(bookingID)+"/cancel", body, nil)
}

type TipRequest struct {
	BookingID string `json:"booking_id"`
	DriverID  string `json:"driver_id"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Note      string `json:"note,omitempty"`
}

type TipPayout struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) PayTip(ctx context.Context, req TipRequest) (*TipPayout, error) {
	var out TipPayout
	if err := c.send(ctx, http.MethodPost, "/v1/tips", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) send(ctx context.Context, method, path string, body, out any) error {
	var rdr io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rdr = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return &APIError{Status: resp.StatusCode, Body: strings.TrimSpace(string(raw))}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, out)
}

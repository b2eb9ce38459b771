// Package courier is the client for SwiftMed Courier, the specimen pickup
// network. Booking creation honours the Idempotency-Key header for 72h:
// a repeated key returns the original booking.
package courier

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/meridianlabs/labs/internal/providers/httpc"
)

// Address is a pickup or drop-off location.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Phone      string `json:"phone"`
}

// BookingRequest asks for a pickup.
type BookingRequest struct {
	Reference     string    `json:"reference"`
	Zone          string    `json:"zone"`
	Pickup        Address   `json:"pickup"`
	Dropoff       Address   `json:"dropoff"`
	WindowStart   time.Time `json:"window_start"`
	WindowEnd     time.Time `json:"window_end"`
	SpecimenCount int       `json:"specimen_count"`
	Temperature   string    `json:"temperature"`
	ServiceLevel  string    `json:"service_level"`
}

// Booking is a confirmed pickup.
type Booking struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"`
	TrackingURL string    `json:"tracking_url"`
	ETA         time.Time `json:"eta"`
	Reference   string    `json:"reference"`
}

// Client talks to the courier API.
type Client struct {
	core *httpc.Client
}

// Option configures a Client.
type Option func(*httpc.Client)

// WithHTTPClient replaces the HTTP client.
func WithHTTPClient(d httpc.Doer) Option { return func(c *httpc.Client) { c.HTTP = d } }

// WithRetries sets how many times a call is retried on 5xx or transport
// errors.
func WithRetries(n int, delay time.Duration) Option {
	return func(c *httpc.Client) { c.Retries, c.RetryDelay = n, delay }
}

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *httpc.Client) { c.UserAgent = ua } }

// New builds a courier client.
func New(baseURL, apiKey string, opts ...Option) *Client {
	core := &httpc.Client{
		Provider:   "courier",
		BaseURL:    baseURL,
		HTTP:       httpc.DefaultHTTPClient(15 * time.Second),
		RetryDelay: 500 * time.Millisecond,
		Authorize: func(r *http.Request) {
			r.Header.Set("Authorization", "Bearer "+apiKey)
		},
		DecodeError: decodeError,
	}
	for _, o := range opts {
		o(core)
	}
	return &Client{core: core}
}

// CallOption adjusts a single call.
type CallOption func(http.Header)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(h http.Header) { h.Set("Idempotency-Key", key) }
}

// Book creates a pickup booking.
func (c *Client) Book(ctx context.Context, req BookingRequest, opts ...CallOption) (*Booking, error) {
	h := http.Header{}
	for _, o := range opts {
		o(h)
	}
	var out Booking
	if err := c.core.Do(ctx, httpc.Request{Method: http.MethodPost, Path: "/bookings", Body: req, Header: h}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Get fetches a booking.
func (c *Client) Get(ctx context.Context, bookingID string) (*Booking, error) {
	var out Booking
	err := c.core.Do(ctx, httpc.Request{Method: http.MethodGet, Path: "/bookings/" + url.PathEscape(bookingID)}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Cancel cancels a booking; cancelling a cancelled booking succeeds.
func (c *Client) Cancel(ctx context.Context, bookingID, reason string) error {
	return c.core.Do(ctx, httpc.Request{
		Method: http.MethodPost,
		Path:   "/bookings/" + url.PathEscape(bookingID) + "/cancel",
		Body:   map[string]string{"reason": reason},
	}, nil)
}

func decodeError(body []byte) (string, string) {
	var e struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil {
		return "", string(body)
	}
	return e.Error.Code, e.Error.Message
}

// Package courier is the client for the last-mile courier partner. The
// partner deduplicates booking requests on the client_reference body field:
// a second booking with a known reference returns the original booking.
package courier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/pantryco/fulfilment/internal/platform/httpx"
)

// Client books couriers.
type Client struct {
	baseURL    string
	apiKey     string
	http       *http.Client
	maxRetries int
	backoff    time.Duration
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithAPIKey sets the partner API key.
func WithAPIKey(k string) Option { return func(c *Client) { c.apiKey = k } }

// WithRetries sets in-process retries for transient errors.
func WithRetries(n int, backoff time.Duration) Option {
	return func(c *Client) { c.maxRetries, c.backoff = n, backoff }
}

// New builds a Client.
func New(baseURL string, opts ...Option) *Client {
	c := &Client{
		baseURL:    baseURL,
		http:       &http.Client{Timeout: 15 * time.Second},
		maxRetries: 2,
		backoff:    300 * time.Millisecond,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Booking is the partner's confirmation.
type Booking struct {
	BookingID   string `json:"booking_id"`
	TrackingURL string `json:"tracking_url"`
	Status      string `json:"status"`
}

// Book requests a courier. The same body (and so the same
// client_reference) is resent on in-process retries.
func (c *Client) Book(ctx context.Context, req BookingRequest) (Booking, error) {
	if req.ClientReference == "" {
		return Booking{}, fmt.Errorf("courier: client_reference is required")
	}
	body, err := json.Marshal(req)
	if err != nil {
		return Booking{}, err
	}

	var lastErr error
	for attempt := 0; attempt <= c.maxRetries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return Booking{}, ctx.Err()
			case <-time.After(c.backoff * time.Duration(attempt)):
			}
		}
		b, err := c.post(ctx, body)
		if err == nil {
			return b, nil
		}
		lastErr = err
		if !httpx.Retryable(err) {
			break
		}
	}
	return Booking{}, fmt.Errorf("courier book: %w", lastErr)
}

func (c *Client) post(ctx context.Context, body []byte) (Booking, error) {
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/bookings", bytes.NewReader(body))
	if err != nil {
		return Booking{}, err
	}
	httpReq.Header.Set("Content-Type", "application/json")
	httpReq.Header.Set("X-Api-Key", c.apiKey)
	resp, err := c.http.Do(httpReq)
	if err != nil {
		return Booking{}, err
	}
	defer resp.Body.Close()
	if err := httpx.CheckResponse(resp); err != nil {
		return Booking{}, err
	}
	var b Booking
	if err := json.NewDecoder(resp.Body).Decode(&b); err != nil {
		return Booking{}, fmt.Errorf("decode booking: %w", err)
	}
	return b, nil
}

// Cancel cancels a booking by the partner's booking id.
func (c *Client) Cancel(ctx context.Context, bookingID string) error {
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.baseURL+"/v1/bookings/"+bookingID, nil)
	if err != nil {
		return err
	}
	httpReq.Header.Set("X-Api-Key", c.apiKey)
	resp, err := c.http.Do(httpReq)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return httpx.CheckResponse(resp)
}

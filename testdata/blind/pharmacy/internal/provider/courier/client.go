// Package courier is the client for the last-mile delivery partner.
//
// The partner treats client_reference as unique per account: booking twice
// with the same reference returns the first booking (HTTP 200 with
// "duplicate": true) instead of dispatching a second driver.
package courier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client books and cancels deliveries.
type Client struct {
	baseURL string
	apiKey  string
	account string
	http    *http.Client
}

// New builds a courier client.
func New(baseURL, apiKey, account string) *Client {
	return &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		account: account,
		http:    &http.Client{Timeout: 15 * time.Second},
	}
}

// Address is a delivery address.
type Address struct {
	Line1      string `json:"line1"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// BookingRequest asks the partner to collect a parcel from the pharmacy.
type BookingRequest struct {
	ClientReference string    `json:"client_reference"`
	Pickup          Address   `json:"pickup"`
	Dropoff         Address   `json:"dropoff"`
	RecipientPhone  string    `json:"recipient_phone"`
	RecipientName   string    `json:"recipient_name"`
	ColdChain       bool      `json:"cold_chain"`
	SignatureNeeded bool      `json:"signature_required"`
	ReadyAt         time.Time `json:"ready_at"`
	Notes           string    `json:"notes,omitempty"`
}

// Booking is the partner's view of a booked delivery.
type Booking struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	TrackingURL string `json:"tracking_url"`
	Duplicate   bool   `json:"duplicate"`
}

// Error is a non-2xx response.
type Error struct {
	Status int
	Body   string
}

func (e *Error) Error() string   { return fmt.Sprintf("courier: HTTP %d: %s", e.Status, e.Body) }
func (e *Error) Temporary() bool { return e.Status == 429 || e.Status >= 500 }

// Book creates a delivery booking.
func (c *Client) Book(ctx context.Context, in BookingRequest) (*Booking, error) {
	var out Booking
	if err := c.do(ctx, http.MethodPost, "/v1/accounts/"+c.account+"/bookings", in, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Cancel cancels a booking that has not been collected yet.
func (c *Client) Cancel(ctx context.Context, bookingID string) error {
	return c.do(ctx, http.MethodPost, "/v1/accounts/"+c.account+"/bookings/"+bookingID+"/cancel", struct{}{}, nil)
}

func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Api-Key", c.apiKey)

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("courier: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return &Error{Status: resp.StatusCode, Body: string(raw)}
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

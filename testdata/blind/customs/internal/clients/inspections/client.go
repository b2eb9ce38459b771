// Package inspections is the client for the inspection partner that performs
// physical examinations of goods at bonded facilities.
//
// The partner treats client_reference as unique per account: booking again
// with a reference it already holds returns the existing booking (200)
// instead of creating another (201).
package inspections

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/harborline/brokerage/internal/platform/config"
)

// Partner is the subset of the partner API this service uses.
type Partner interface {
	Book(ctx context.Context, req BookingRequest) (*Booking, error)
	Cancel(ctx context.Context, bookingID, reason string) error
}

// BookingRequest asks the partner to schedule an inspection.
type BookingRequest struct {
	ClientReference string `json:"client_reference"`
	Kind            string `json:"kind"` // physical | documentary | scan
	PortCode        string `json:"port_code"`
	ShipmentRef     string `json:"shipment_ref"`
	TransportDoc    string `json:"transport_document,omitempty"`
	MRN             string `json:"mrn,omitempty"`
	ContactEmail    string `json:"contact_email,omitempty"`
	Notes           string `json:"notes,omitempty"`
}

// Booking is the partner's booking record.
type Booking struct {
	ID              string    `json:"id"`
	ClientReference string    `json:"client_reference"`
	Status          string    `json:"status"`
	CreatedAt       time.Time `json:"created_at"`
}

// Client implements Partner over HTTPS.
type Client struct {
	http    *http.Client
	baseURL string
	apiKey  string
}

// NewClient builds the partner client from configuration.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		http:    &http.Client{Timeout: cfg.Inspections.Timeout},
		baseURL: cfg.Inspections.BaseURL,
		apiKey:  cfg.Inspections.APIKey,
	}
}

func (c *Client) Book(ctx context.Context, req BookingRequest) (*Booking, error) {
	var out Booking
	if err := c.send(ctx, http.MethodPost, "/api/bookings", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Cancel(ctx context.Context, bookingID, reason string) error {
	return c.send(ctx, http.MethodPost, "/api/bookings/"+bookingID+"/cancel",
		map[string]string{"reason": reason}, nil)
}

func (c *Client) send(ctx context.Context, method, path string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("inspections: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return fmt.Errorf("inspections: %s %s: status %d: %s", method, path, resp.StatusCode, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// Package workshop is a client for the partner workshop's booking API.
//
// The partner treats external_ref as the identity of a booking request: a
// second request with an external_ref it has seen returns the existing
// booking (with duplicate=true) instead of booking another slot.
package workshop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/acme/fleet/internal/config"
)

// Client calls the partner API.
type Client struct {
	baseURL string
	token   string
	hc      *http.Client
}

func New(cfg config.Config) *Client {
	return &Client{baseURL: cfg.WorkshopURL, token: cfg.WorkshopToken, hc: &http.Client{Timeout: cfg.ProviderTimeout}}
}

// BookingRequest is the body of POST /v1/bookings.
type BookingRequest struct {
	ExternalRef string    `json:"external_ref"`
	VIN         string    `json:"vin"`
	Plate       string    `json:"plate"`
	FaultCode   string    `json:"fault_code"`
	Priority    string    `json:"priority"`
	Branch      string    `json:"branch"`
	EarliestAt  time.Time `json:"earliest_at"`
}

type Confirmation struct {
	BookingID string    `json:"booking_id"`
	Site      string    `json:"site"`
	SlotAt    time.Time `json:"slot_at"`
	Duplicate bool      `json:"duplicate"`
}

// BookingBuilder assembles a BookingRequest.
type BookingBuilder struct {
	req BookingRequest
}

// NewBooking starts a booking request for a vehicle.
func NewBooking(vin, plate string) *BookingBuilder {
	return &BookingBuilder{req: BookingRequest{VIN: vin, Plate: plate, Priority: "normal"}}
}

// Ref sets the external reference the partner deduplicates on.
func (b *BookingBuilder) Ref(ref string) *BookingBuilder { b.req.ExternalRef = ref; return b }

// Fault sets the fault being repaired and its priority.
func (b *BookingBuilder) Fault(code, priority string) *BookingBuilder {
	b.req.FaultCode = code
	if priority != "" {
		b.req.Priority = priority
	}
	return b
}

// Near sets the branch the vehicle is at and the earliest acceptable slot.
func (b *BookingBuilder) Near(branch string, earliest time.Time) *BookingBuilder {
	b.req.Branch, b.req.EarliestAt = branch, earliest
	return b
}

// Build validates and returns the request.
func (b *BookingBuilder) Build() (BookingRequest, error) {
	if b.req.ExternalRef == "" || b.req.VIN == "" {
		return BookingRequest{}, errors.New("workshop: booking needs external_ref and vin")
	}
	return b.req, nil
}

var errTransient = errors.New("workshop: transient error")

// Book asks the partner for a slot. Transient failures are retried with
// the same body, which the partner deduplicates on external_ref.
func (c *Client) Book(ctx context.Context, req BookingRequest) (*Confirmation, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	return retry.DoWithData(
		func() (*Confirmation, error) { return c.post(ctx, "/v1/bookings", body) },
		retry.Context(ctx),
		retry.Attempts(4),
		retry.Delay(400*time.Millisecond),
		retry.DelayType(retry.BackOffDelay),
		retry.RetryIf(func(err error) bool { return errors.Is(err, errTransient) }),
		retry.LastErrorOnly(true),
	)
}

func (c *Client) post(ctx context.Context, path string, body []byte) (*Confirmation, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Token "+c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errTransient, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 500 {
		return nil, fmt.Errorf("%w: HTTP %d", errTransient, resp.StatusCode)
	}
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("workshop: HTTP %d: %s", resp.StatusCode, raw)
	}
	var conf Confirmation
	if err := json.Unmarshal(raw, &conf); err != nil {
		return nil, err
	}
	return &conf, nil
}

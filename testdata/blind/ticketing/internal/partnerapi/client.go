// Package partnerapi is the client for the reseller partner API. The partner
// honours an Idempotency-Key header on every POST: a repeated key within 48h
// returns the original response without re-booking.
package partnerapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// ErrNotFound is returned for 404s.
var ErrNotFound = errors.New("partnerapi: not found")

// AllocationRequest asks a partner to accept a block of seats to resell.
type AllocationRequest struct {
	EventID     string `json:"event_id"`
	Section     string `json:"section"`
	Seats       int    `json:"seats"`
	PriceCents  int64  `json:"price_cents,omitempty"`
	Currency    string `json:"currency,omitempty"`
	ExternalRef string `json:"external_ref,omitempty"`

	idempotencyKey string
}

// RequestOption customises an AllocationRequest.
type RequestOption func(*AllocationRequest)

// WithIdempotencyKey sets the Idempotency-Key header for the request.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *AllocationRequest) { r.idempotencyKey = key }
}

// WithPrice sets the face value the partner must sell at.
func WithPrice(cents int64, currency string) RequestOption {
	return func(r *AllocationRequest) { r.PriceCents, r.Currency = cents, currency }
}

// WithExternalRef sets our reference, echoed back in partner reports.
func WithExternalRef(ref string) RequestOption {
	return func(r *AllocationRequest) { r.ExternalRef = ref }
}

// NewAllocationRequest builds a request.
func NewAllocationRequest(eventID, section string, seats int, opts ...RequestOption) AllocationRequest {
	r := AllocationRequest{EventID: eventID, Section: section, Seats: seats}
	for _, o := range opts {
		o(&r)
	}
	return r
}

// Allocation is the partner's view of an allocation.
type Allocation struct {
	AllocationID string    `json:"allocation_id"`
	Status       string    `json:"status"`
	Seats        int       `json:"seats"`
	CreatedAt    time.Time `json:"created_at"`
}

// Client talks to one partner platform; partner ids select the tenant.
type Client struct {
	baseURL string
	apiKey  string
	hc      *retryablehttp.Client
}

func New(baseURL, apiKey string) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 300 * time.Millisecond
	rc.RetryWaitMax = 3 * time.Second
	rc.Logger = nil
	rc.HTTPClient.Timeout = 15 * time.Second
	return &Client{baseURL: baseURL, apiKey: apiKey, hc: rc}
}

func (c *Client) do(ctx context.Context, method, path, idemKey string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return fmt.Errorf("partnerapi %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return ErrNotFound
	case resp.StatusCode >= 300:
		return fmt.Errorf("partnerapi %s %s: status %d: %s", method, path, resp.StatusCode, raw)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

// CreateAllocation books an allocation with the partner.
func (c *Client) CreateAllocation(ctx context.Context, partnerID string, r AllocationRequest) (Allocation, error) {
	var out Allocation
	err := c.do(ctx, http.MethodPost, "/partners/"+partnerID+"/allocations", r.idempotencyKey, r, &out)
	return out, err
}

// ReleaseAllocation returns unsold seats of an allocation to us.
func (c *Client) ReleaseAllocation(ctx context.Context, partnerID, allocationID, idemKey string) (Allocation, error) {
	var out Allocation
	err := c.do(ctx, http.MethodPost, "/partners/"+partnerID+"/allocations/"+allocationID+"/release", idemKey, struct{}{}, &out)
	return out, err
}

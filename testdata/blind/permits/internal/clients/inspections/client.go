// Package inspections is the client for the inspection-scheduling partner's
// booking API.
package inspections

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Scheduler is what the inspection service needs from the partner.
type Scheduler interface {
	Book(ctx context.Context, req BookingRequest, opts ...RequestOption) (*Booking, error)
	Cancel(ctx context.Context, bookingID string) error
}

// BookingRequest is the body of POST /v2/bookings.
type BookingRequest struct {
	PermitRef       string    `json:"permit_ref"`
	InspectionType  string    `json:"inspection_type"`
	SlotStart       time.Time `json:"slot_start"`
	DurationMinutes int       `json:"duration_minutes"`
	SiteAddress     string    `json:"site_address,omitempty"`
	ContactPhone    string    `json:"contact_phone,omitempty"`
	Notes           string    `json:"notes,omitempty"`
}

// Booking is the partner's booking resource.
type Booking struct {
	ID        string    `json:"booking_id"`
	Status    string    `json:"status"`
	SlotStart time.Time `json:"slot_start"`
	Inspector string    `json:"inspector,omitempty"`
}

// APIError is a non-2xx answer from the partner.
type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("inspections partner: %d %s: %s", e.StatusCode, e.Code, e.Message)
}

// Temporary reports whether the request may succeed if tried again later.
func (e *APIError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// ErrSlotTaken is returned when the requested slot is no longer free.
var ErrSlotTaken = errors.New("inspection slot no longer available")

// Option configures the Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithAPIKey sets the partner API key.
func WithAPIKey(key string) Option { return func(c *Client) { c.apiKey = key } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// WithRequestKeyFunc replaces the generator for per-request keys.
func WithRequestKeyFunc(fn func() string) Option { return func(c *Client) { c.newKey = fn } }

// RequestOption configures a single call.
type RequestOption func(*requestConfig)

type requestConfig struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header. The partner returns the
// original booking for a repeated key for 48 hours.
func WithIdempotencyKey(key string) RequestOption {
	return func(rc *requestConfig) { rc.idempotencyKey = key }
}

// Client talks to the partner over HTTPS.
type Client struct {
	base      *url.URL
	http      *http.Client
	apiKey    string
	userAgent string
	newKey    func() string
}

var _ Scheduler = (*Client)(nil)

// New builds a Client for the partner base URL.
func New(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("inspections: parse base url: %w", err)
	}
	c := &Client{
		base:      u,
		http:      &http.Client{Timeout: 15 * time.Second},
		userAgent: "civicworks-permits/1.0",
		newKey:    uuid.NewString,
	}
	for _, opt := range opts {
		opt(c)
	}
	return c, nil
}

// Book reserves an inspection slot.
func (c *Client) Book(ctx context.Context, req BookingRequest, opts ...RequestOption) (*Booking, error) {
	var rc requestConfig
	for _, opt := range opts {
		opt(&rc)
	}
	if rc.idempotencyKey == "" {
		rc.idempotencyKey = c.newKey()
	}
	var out Booking
	err := c.do(ctx, http.MethodPost, "/v2/bookings", req, &out, func(h http.Header) {
		h.Set("Idempotency-Key", rc.idempotencyKey)
	})
	if err != nil {
		var apiErr *APIError
		if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusConflict && apiErr.Code == "slot_taken" {
			return nil, ErrSlotTaken
		}
		return nil, err
	}
	return &out, nil
}

// Cancel cancels a booking. Cancelling an unknown or already cancelled
// booking is not an error.
func (c *Client) Cancel(ctx context.Context, bookingID string) error {
	err := c.do(ctx, http.MethodDelete, "/v2/bookings/"+url.PathEscape(bookingID), nil, nil, nil)
	var apiErr *APIError
	if errors.As(err, &apiErr) && (apiErr.StatusCode == http.StatusNotFound || apiErr.StatusCode == http.StatusGone) {
		return nil
	}
	return err
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, decorate func(http.Header)) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("inspections: encode request: %w", err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base.String()+path, body)
	if err != nil {
		return fmt.Errorf("inspections: build request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if decorate != nil {
		decorate(req.Header)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("inspections: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(apiErr)
		return apiErr
	}
	if out == nil || resp.StatusCode == http.StatusNoContent {
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("inspections: decode response: %w", err)
	}
	return nil
}

// VerifySignature checks the X-Partner-Signature header of a webhook, which
// is the hex HMAC-SHA256 of "<timestamp>.<body>".
func VerifySignature(secret []byte, timestamp, signature string, body []byte, tolerance time.Duration) error {
	ts, err := time.Parse(time.RFC3339, timestamp)
	if err != nil {
		return fmt.Errorf("inspections webhook: bad timestamp: %w", err)
	}
	if d := time.Since(ts); d > tolerance || d < -tolerance {
		return errors.New("inspections webhook: timestamp outside tolerance")
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(timestamp))
	mac.Write([]byte("."))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(want, got) {
		return errors.New("inspections webhook: signature mismatch")
	}
	return nil
}

// Package repairshop is the client for the repair-network partner API
// (bookings, supplements). The partner de-duplicates POSTs on the
// Idempotency-Key header for 48 hours.
package repairshop

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
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Config configures the partner client.
type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	RetryMax      int
	Timeout       time.Duration
}

// Client calls the partner API through go-retryablehttp.
type Client struct {
	http          *retryablehttp.Client
	baseURL       string
	apiKey        string
	webhookSecret []byte
}

// New builds a Client.
func New(cfg Config, log *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.RetryMax
	if rc.RetryMax == 0 {
		rc.RetryMax = 3
	}
	rc.RetryWaitMin = 200 * time.Millisecond
	rc.RetryWaitMax = 3 * time.Second
	rc.HTTPClient.Timeout = cfg.Timeout
	if rc.HTTPClient.Timeout == 0 {
		rc.HTTPClient.Timeout = 15 * time.Second
	}
	rc.Logger = slogAdapter{log}
	return &Client{http: rc, baseURL: cfg.BaseURL, apiKey: cfg.APIKey, webhookSecret: []byte(cfg.WebhookSecret)}
}

// RequestOption decorates an outgoing partner request.
type RequestOption func(*retryablehttp.Request)

// WithIdempotencyKey sets the Idempotency-Key header the partner honours.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *retryablehttp.Request) { r.Header.Set("Idempotency-Key", key) }
}

// WithCorrelationID sets X-Correlation-Id (logged by the partner, not used
// for de-duplication).
func WithCorrelationID(id string) RequestOption {
	return func(r *retryablehttp.Request) { r.Header.Set("X-Correlation-Id", id) }
}

// BookingRequest asks a shop for a repair slot.
type BookingRequest struct {
	ShopID      string    `json:"shop_id"`
	SlotStart   time.Time `json:"slot_start"`
	ClaimNumber string    `json:"claim_number"`
	VehicleVIN  string    `json:"vehicle_vin,omitempty"`
	Contact     string    `json:"contact_email"`
}

// Booking is the partner's booking resource.
type Booking struct {
	Reference string `json:"reference"`
	Status    string `json:"status"`
}

// SupplementRequest authorises extra repair work on a booking.
type SupplementRequest struct {
	SupplementNo int    `json:"supplement_no"`
	AmountCents  int64  `json:"amount_cents"`
	Reason       string `json:"reason"`
}

// Supplement is the partner's supplement resource.
type Supplement struct {
	Reference string `json:"reference"`
	Status    string `json:"status"`
}

// CreateBooking books a repair slot.
func (c *Client) CreateBooking(ctx context.Context, req BookingRequest, opts ...RequestOption) (Booking, error) {
	var out Booking
	err := c.call(ctx, http.MethodPost, "/v2/bookings", req, &out, opts...)
	return out, err
}

// AuthorizeSupplement authorises a supplement on an existing booking.
func (c *Client) AuthorizeSupplement(ctx context.Context, bookingRef string, req SupplementRequest, opts ...RequestOption) (Supplement, error) {
	var out Supplement
	err := c.call(ctx, http.MethodPost, "/v2/bookings/"+bookingRef+"/supplements", req, &out, opts...)
	return out, err
}

// CancelBooking cancels a booking.
func (c *Client) CancelBooking(ctx context.Context, bookingRef string, opts ...RequestOption) error {
	return c.call(ctx, http.MethodPost, "/v2/bookings/"+bookingRef+"/cancel", struct{}{}, nil, opts...)
}

// APIError is a non-2xx partner response.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string { return fmt.Sprintf("repairshop: status %d: %s", e.Status, e.Body) }

func (c *Client) call(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	for _, o := range opts {
		o(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("repairshop %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return &APIError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, out)
}

// ErrBadSignature is returned for webhooks that fail verification.
var ErrBadSignature = errors.New("repairshop: bad webhook signature")

// VerifySignature checks the X-Partner-Signature header (hex HMAC-SHA256).
func (c *Client) VerifySignature(payload []byte, signature string) error {
	mac := hmac.New(sha256.New, c.webhookSecret)
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return ErrBadSignature
	}
	return nil
}

type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Error(msg string, kv ...interface{}) { a.l.Error(msg, kv...) }
func (a slogAdapter) Info(msg string, kv ...interface{})  { a.l.Debug(msg, kv...) }
func (a slogAdapter) Debug(msg string, kv ...interface{}) { a.l.Debug(msg, kv...) }
func (a slogAdapter) Warn(msg string, kv ...interface{})  { a.l.Warn(msg, kv...) }

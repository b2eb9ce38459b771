// Package cityauth is the client for the city building authority's lift
// register: certificate filings after a statutory inspection, amendments,
// and booking a city inspector for witnessed inspections.
//
// The filing endpoints accept an Idempotency-Key header and return the
// original receipt for a repeated key within 24 hours. The inspector
// booking endpoint has no such support.
package cityauth

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/liftwell-systems/liftcare/internal/provider/httpx"
)

const service = "city-authority"

// Client talks to the authority's REST API.
type Client struct {
	baseURL    string
	apiKey     string
	operatorNo string
	http       httpx.Doer
}

// Option configures a Client.
type Option func(*Client)

// WithAPIKey sets the authority-issued API key.
func WithAPIKey(key string) Option { return func(c *Client) { c.apiKey = key } }

// WithOperatorNumber sets our registered lift-operator number, sent on
// every call.
func WithOperatorNumber(no string) Option { return func(c *Client) { c.operatorNo = no } }

// WithHTTPClient replaces the default HTTP client.
func WithHTTPClient(d httpx.Doer) Option { return func(c *Client) { c.http = d } }

// WithTimeout sets the timeout of the default HTTP client.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) {
		if hc, ok := c.http.(*http.Client); ok {
			hc.Timeout = d
		}
	}
}

// New builds a client; options are applied in order.
func New(baseURL string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, http: &http.Client{Timeout: 20 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption tunes a single call.
type CallOption func(*callOpts)

type callOpts struct {
	idempotencyKey string
	correlationID  string
}

// WithIdempotencyKey makes the authority return the first receipt for a
// repeated filing instead of registering a second one.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOpts) { o.idempotencyKey = key }
}

// WithCorrelationID is echoed back in the authority's audit trail.
func WithCorrelationID(id string) CallOption {
	return func(o *callOpts) { o.correlationID = id }
}

// Filing is a certificate-of-inspection filing.
type Filing struct {
	LiftSerial     string    `json:"lift_serial"`
	InspectionRef  string    `json:"inspection_ref"`
	InspectedOn    time.Time `json:"inspected_on"`
	Result         string    `json:"result"`
	InspectorBadge string    `json:"inspector_badge,omitempty"`
}

// Amendment corrects a filed certificate.
type Amendment struct {
	CertificateNo string `json:"certificate_no"`
	Reason        string `json:"reason"`
}

// Receipt acknowledges a filing.
type Receipt struct {
	Ref        string    `json:"receipt_ref"`
	ReceivedAt time.Time `json:"received_at"`
}

// BookingRequest asks for a city inspector to witness an inspection.
type BookingRequest struct {
	LiftSerial string    `json:"lift_serial"`
	Address    string    `json:"address"`
	Preferred  time.Time `json:"preferred_date"`
}

// Booking is a confirmed inspector slot.
type Booking struct {
	Ref  string    `json:"booking_ref"`
	Slot time.Time `json:"slot"`
}

// FileCertificate files an inspection result.
func (c *Client) FileCertificate(ctx context.Context, f Filing, opts ...CallOption) (Receipt, error) {
	var out Receipt
	err := c.post(ctx, "/api/v3/lift-register/filings", f, &out, opts)
	return out, err
}

// AmendCertificate files an amendment to an existing certificate.
func (c *Client) AmendCertificate(ctx context.Context, a Amendment, opts ...CallOption) (Receipt, error) {
	var out Receipt
	err := c.post(ctx, "/api/v3/lift-register/amendments", a, &out, opts)
	return out, err
}

// BookInspection reserves a city inspector.
func (c *Client) BookInspection(ctx context.Context, b BookingRequest) (Booking, error) {
	var out Booking
	err := c.post(ctx, "/api/v3/inspector-bookings", b, &out, nil)
	return out, err
}

func (c *Client) post(ctx context.Context, path string, body, out any, opts []CallOption) error {
	var co callOpts
	for _, o := range opts {
		o(&co)
	}
	req, err := httpx.JSONRequest(ctx, http.MethodPost, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("X-Operator-No", c.operatorNo)
	req.Header.Set("User-Agent", "liftcare/1 (+ops@liftwell.example)")
	if co.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", co.idempotencyKey)
	}
	if co.correlationID != "" {
		req.Header.Set("X-Correlation-Id", co.correlationID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", service, path, err)
	}
	return httpx.Decode(service, resp, out)
}

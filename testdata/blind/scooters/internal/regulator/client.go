// Package regulator talks to the city's mobility data API: daily trip
// reports and safety incidents.
package regulator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/kickvolt/ridecore/internal/reqctx"
)

// Client is safe for concurrent use.
type Client struct {
	baseURL    string
	token      string
	providerID string
	userAgent  string
	httpClient *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.httpClient = h } }

// WithToken sets the bearer token issued by the city.
func WithToken(token string) Option { return func(c *Client) { c.token = token } }

// WithProviderID sets the operator ID the city assigned to us.
func WithProviderID(id string) Option { return func(c *Client) { c.providerID = id } }

// WithTimeout sets the per-request timeout on the default HTTP client.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) {
		if c.httpClient == http.DefaultClient {
			c.httpClient = &http.Client{}
		}
		c.httpClient.Timeout = d
	}
}

// New builds a client for baseURL.
func New(baseURL string, opts ...Option) *Client {
	c := &Client{
		baseURL:    baseURL,
		userAgent:  "kickvolt-ridecore/1.0",
		httpClient: http.DefaultClient,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption adjusts a single request.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
}

// WithIdempotencyKey makes the city API treat requests carrying the same key
// within 72 hours as one submission and answer repeats with the original
// receipt.
func WithIdempotencyKey(key string) CallOption {
	return func(cc *callConfig) { cc.idempotencyKey = key }
}

// Trip is one finished ride as the city's schema describes it.
type Trip struct {
	TripID     string     `json:"trip_id"`
	VehicleID  string     `json:"vehicle_id"`
	StartTime  time.Time  `json:"start_time"`
	EndTime    time.Time  `json:"end_time"`
	DistanceM  int64      `json:"trip_distance"`
	StartPoint [2]float64 `json:"start_point"`
	EndPoint   [2]float64 `json:"end_point"`
}

// TripBatch is one day's trips in one zone.
type TripBatch struct {
	Zone        string `json:"zone"`
	ServiceDate string `json:"service_date"`
	Trips       []Trip `json:"trips"`
}

// Receipt is what the city returns for an accepted submission.
type Receipt struct {
	SubmissionID string `json:"submission_id"`
	Accepted     int    `json:"accepted"`
}

// SubmitTrips posts a batch of trips.
func (c *Client) SubmitTrips(ctx context.Context, batch TripBatch, opts ...CallOption) (*Receipt, error) {
	var cc callConfig
	for _, o := range opts {
		o(&cc)
	}
	hdr := http.Header{}
	if cc.idempotencyKey != "" {
		hdr.Set("Idempotency-Key", cc.idempotencyKey)
	}
	var out Receipt
	if err := c.do(ctx, http.MethodPost, "/mds/v2/trips", hdr, batch, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Incident is a safety event the operator must report within 24 hours.
type Incident struct {
	VehicleID  string     `json:"vehicle_id"`
	OccurredAt time.Time  `json:"occurred_at"`
	Location   [2]float64 `json:"location"`
	Severity   string     `json:"severity"`
	TripID     string     `json:"trip_id,omitempty"`
}

// ReportIncident files an incident and returns the city's case reference.
// The incidents endpoint has no replay protection: every call opens a case.
func (c *Client) ReportIncident(ctx context.Context, inc Incident) (string, error) {
	var out struct {
		CaseRef string `json:"case_ref"`
	}
	if err := c.do(ctx, http.MethodPost, "/safety/v1/incidents", nil, inc, &out); err != nil {
		return "", err
	}
	return out.CaseRef, nil
}

// Error is a non-2xx answer from the city.
type Error struct {
	Status int
	Body   string
}

func (e *Error) Error() string { return fmt.Sprintf("regulator: HTTP %d: %s", e.Status, e.Body) }

func (c *Client) do(ctx context.Context, method, path string, hdr http.Header, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, vs := range hdr {
		req.Header[k] = vs
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if c.providerID != "" {
		req.Header.Set("X-Provider-Id", c.providerID)
	}
	// Tracing only; the city echoes it back in its support tickets.
	rid := reqctx.RequestIDFrom(ctx)
	if rid == "" {
		rid = uuid.NewString()
	}
	req.Header.Set("X-Request-Id", rid)

	resp, err := c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("regulator: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode/100 != 2 {
		return &Error{Status: resp.StatusCode, Body: string(data)}
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

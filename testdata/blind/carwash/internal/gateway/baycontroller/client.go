// Package baycontroller talks to WashLink, the cloud gateway in front of the
// PLCs that run our wash bays.
//
// WashLink has no request deduplication. Every POST to a bay's cycles
// endpoint starts a new physical cycle (water, chemicals, a car through the
// bay); if the bay is busy the cycle is queued behind the running one. A
// start request must not be sent again unless the caller knows the earlier
// one never reached the controller. Reads are safe to retry.
package baycontroller

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/brightbay/washclub/internal/platform"
)

// Client calls the WashLink API.
type Client struct {
	baseURL    string
	token      string
	httpClient *http.Client
	reads      platform.Doer
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the underlying *http.Client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.httpClient = hc } }

// WithTimeout sets the per-request timeout.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.httpClient.Timeout = d }
}

// New returns a WashLink client.
func New(baseURL, token string, opts ...Option) *Client {
	c := &Client{
		baseURL:    baseURL,
		token:      token,
		httpClient: &http.Client{Timeout: 10 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	c.reads = platform.RetryDoer{Next: c.httpClient, MaxRetries: 3, BaseDelay: 200 * time.Millisecond}
	return c
}

// StartCycleRequest asks a bay to run a wash program.
type StartCycleRequest struct {
	SiteID  string `json:"-"`
	BayID   string `json:"-"`
	Program string `json:"program"`
	// Vehicle is shown on the bay's entry sign.
	Vehicle string `json:"vehicle_label,omitempty"`
}

// Cycle is a wash cycle started on a bay.
type Cycle struct {
	ID        string    `json:"cycle_id"`
	BayID     string    `json:"bay_id"`
	Status    string    `json:"status"`
	StartedAt time.Time `json:"started_at"`
}

// BayStatus is a bay's live state.
type BayStatus struct {
	BayID        string `json:"bay_id"`
	State        string `json:"state"` // idle, running, fault, offline
	CurrentCycle string `json:"current_cycle_id,omitempty"`
}

// ErrBayOffline is returned when the controller cannot reach the bay's PLC.
var ErrBayOffline = errors.New("bay offline")

// StartCycle starts a wash program on a bay. It is sent exactly once.
func (c *Client) StartCycle(ctx context.Context, req StartCycleRequest) (*Cycle, error) {
	path := "/sites/" + url.PathEscape(req.SiteID) + "/bays/" + url.PathEscape(req.BayID) + "/cycles"
	httpReq, err := platform.NewJSONRequest(ctx, http.MethodPost, c.baseURL, path, req, platform.WithBearer(c.token))
	if err != nil {
		return nil, err
	}
	resp, err := c.httpClient.Do(httpReq)
	if err != nil {
		return nil, fmt.Errorf("washlink start cycle: %w", err)
	}
	if resp.StatusCode == http.StatusServiceUnavailable {
		resp.Body.Close()
		return nil, ErrBayOffline
	}
	var out Cycle
	if err := platform.DecodeJSONResponse(resp, &out); err != nil {
		return nil, fmt.Errorf("washlink start cycle: %w", err)
	}
	return &out, nil
}

// Bay returns a bay's live state.
func (c *Client) Bay(ctx context.Context, siteID, bayID string) (*BayStatus, error) {
	path := "/sites/" + url.PathEscape(siteID) + "/bays/" + url.PathEscape(bayID)
	httpReq, err := platform.NewJSONRequest(ctx, http.MethodGet, c.baseURL, path, nil, platform.WithBearer(c.token))
	if err != nil {
		return nil, err
	}
	resp, err := c.reads.Do(httpReq)
	if err != nil {
		return nil, fmt.Errorf("washlink bay status: %w", err)
	}
	var out BayStatus
	if err := platform.DecodeJSONResponse(resp, &out); err != nil {
		return nil, fmt.Errorf("washlink bay status: %w", err)
	}
	return &out, nil
}

// Event is a WashLink webhook delivery. WashLink retries a delivery with
// backoff for 24 hours until it gets a 2xx.
type Event struct {
	ID              string    `json:"event_id"`
	Type            string    `json:"type"`
	CycleID         string    `json:"cycle_id"`
	SiteID          string    `json:"site_id"`
	BayID           string    `json:"bay_id"`
	OccurredAt      time.Time `json:"occurred_at"`
	DurationSeconds int       `json:"duration_seconds"`
	WaterLitres     float64   `json:"water_litres"`
	ErrorCode       string    `json:"error_code,omitempty"`
}

// Webhook event types.
const (
	EventCycleCompleted = "cycle.completed"
	EventCycleFailed    = "cycle.failed"
)

// ParseEvent checks the shared X-WashLink-Token and decodes payload.
func ParseEvent(token string, payload []byte, header string) (*Event, error) {
	if token == "" || subtle.ConstantTimeCompare([]byte(token), []byte(header)) != 1 {
		return nil, errors.New("invalid webhook token")
	}
	var ev Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, fmt.Errorf("decode event: %w", err)
	}
	return &ev, nil
}

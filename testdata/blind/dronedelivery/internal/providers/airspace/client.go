// Package airspace is the client for the national UAS traffic management (UTM)
// authority API, which every commercial flight must be filed with.
//
// Flight plan submissions are deduplicated by the authority on
// operator_reference: resubmitting a reference the operator already used returns
// the plan on file instead of opening a new one. Plan cancellation is a DELETE on
// the plan resource and answers 404 once the plan is gone. Incident reports have
// no deduplication: every POST opens a new case with the authority's duty officer.
package airspace

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Client talks to the authority's REST API.
type Client struct {
	http       *retryablehttp.Client
	baseURL    string
	operatorID string
	apiKey     string
	log        *slog.Logger
}

// Option configures a Client.
type Option func(*Client)

// WithRetryMax bounds retries of idempotent calls.
func WithRetryMax(n int) Option { return func(c *Client) { c.http.RetryMax = n } }

// WithTimeout sets the per-attempt HTTP timeout.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.http.HTTPClient.Timeout = d }
}

// WithLogger sets the logger used for retry diagnostics.
func WithLogger(l *slog.Logger) Option {
	return func(c *Client) {
		c.log = l
		c.http.Logger = l
	}
}

// New returns a Client for the authority at baseURL.
func New(baseURL, operatorID, apiKey string, opts ...Option) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 4 * time.Second
	rc.HTTPClient.Timeout = 10 * time.Second
	rc.Logger = nil
	c := &Client{http: rc, baseURL: baseURL, operatorID: operatorID, apiKey: apiKey, log: slog.Default()}
	rc.CheckRetry = c.checkRetry
	for _, o := range opts {
		o(c)
	}
	return c
}

type retryableKey struct{}

// withRetries marks a call as safe to repeat at the transport level.
func withRetries(ctx context.Context) context.Context {
	return context.WithValue(ctx, retryableKey{}, true)
}

func (c *Client) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ok, _ := ctx.Value(retryableKey{}).(bool); !ok {
		return false, nil
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}

// Waypoint is one point of a filed route.
type Waypoint struct {
	Lat       float64 `json:"lat"`
	Lng       float64 `json:"lng"`
	AltitudeM int     `json:"alt_m"`
}

// PlanSubmission is the body of POST /v1/operators/{op}/flight-plans.
type PlanSubmission struct {
	OperatorReference string     `json:"operator_reference"`
	AircraftID        string     `json:"aircraft_id"`
	WindowStart       time.Time  `json:"window_start"`
	WindowEnd         time.Time  `json:"window_end"`
	MaxAltitudeM      int        `json:"max_altitude_m"`
	Route             []Waypoint `json:"route"`
	Purpose           string     `json:"purpose"`
}

// PlanReceipt is the authority's acknowledgement of a plan.
type PlanReceipt struct {
	PlanID string `json:"plan_id"`
	Status string `json:"status"`
}

// SubmitPlan files a flight plan. Transport retries reuse the same body, so
// the authority sees the same operator_reference on every attempt.
func (c *Client) SubmitPlan(ctx context.Context, sub PlanSubmission) (*PlanReceipt, error) {
	var rec PlanReceipt
	path := fmt.Sprintf("/v1/operators/%s/flight-plans", c.operatorID)
	if err := c.do(withRetries(ctx), http.MethodPost, path, sub, &rec); err != nil {
		return nil, fmt.Errorf("submit plan %s: %w", sub.OperatorReference, err)
	}
	return &rec, nil
}

// CancelPlan withdraws a plan. A plan that is already gone is not an error.
func (c *Client) CancelPlan(ctx context.Context, planID string) error {
	path := fmt.Sprintf("/v1/operators/%s/flight-plans/%s", c.operatorID, planID)
	err := c.do(withRetries(ctx), http.MethodDelete, path, nil, nil)
	var apiErr *APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound {
		return nil
	}
	return err
}

// IncidentReport is the body of POST /v1/operators/{op}/incidents.
type IncidentReport struct {
	PlanID     string    `json:"plan_id,omitempty"`
	AircraftID string    `json:"aircraft_id"`
	Category   string    `json:"category"`
	ZoneCode   string    `json:"zone_code"`
	OccurredAt time.Time `json:"occurred_at"`
	Lat        float64   `json:"lat"`
	Lng        float64   `json:"lng"`
	Narrative  string    `json:"narrative"`
}

// IncidentReceipt identifies the case the authority opened.
type IncidentReceipt struct {
	IncidentID string `json:"incident_id"`
}

// ReportIncident opens an incident case. It is not retried at the transport
// level because the authority cannot tell a retry from a second incident.
func (c *Client) ReportIncident(ctx context.Context, rep IncidentReport) (*IncidentReceipt, error) {
	var rec IncidentReceipt
	path := fmt.Sprintf("/v1/operators/%s/incidents", c.operatorID)
	if err := c.do(ctx, http.MethodPost, path, rep, &rec); err != nil {
		return nil, fmt.Errorf("report incident: %w", err)
	}
	return &rec, nil
}

// APIError is a non-2xx answer from the authority.
type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("airspace authority: %d %s: %s", e.StatusCode, e.Code, e.Message)
}

func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("read response: %w", err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("decode response: %w", err)
		}
	}
	return nil
}

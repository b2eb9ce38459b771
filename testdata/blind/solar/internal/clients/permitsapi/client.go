// Package permitsapi is the client for the municipal e-permitting API used by
// the jurisdictions we install in.
package permitsapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client talks to the permitting portal.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New builds a Client.
func New(baseURL, apiKey string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 30 * time.Second}}
}

// ErrNotReady is returned by Status while a decision is pending.
var ErrNotReady = errors.New("permitsapi: decision pending")

// Document is an attachment reference (plan set, spec sheets).
type Document struct {
	Kind string `json:"kind"`
	URL  string `json:"url"`
}

// Application is a residential PV permit application.
type Application struct {
	// RequestKey is sent as the Idempotency-Key header; the portal keeps
	// submissions keyed by it for 30 days.
	RequestKey    string     `json:"-"`
	Jurisdiction  string     `json:"jurisdiction"`
	ParcelAddress string     `json:"parcel_address"`
	Contractor    string     `json:"contractor_license"`
	SystemKW      float64    `json:"system_kw"`
	ScopeOfWork   string     `json:"scope_of_work"`
	Documents     []Document `json:"documents"`
}

// Submission is the portal's acknowledgement.
type Submission struct {
	PermitNumber string `json:"permit_number"`
	Status       string `json:"status"`
	FeeCents     int64  `json:"fee_cents"`
}

// Decision is the outcome of plan review.
type Decision struct {
	PermitNumber string    `json:"permit_number"`
	Status       string    `json:"status"`
	DecidedAt    time.Time `json:"decided_at"`
	Comments     string    `json:"comments"`
}

// InspectionRequest books a final electrical/building inspection.
type InspectionRequest struct {
	RequestKey   string `json:"-"`
	PermitNumber string `json:"permit_number"`
	Kind         string `json:"kind"`
	Window       string `json:"preferred_window"`
	ContactPhone string `json:"contact_phone"`
}

// Inspection is a booked inspection.
type Inspection struct {
	Reference   string    `json:"reference"`
	ScheduledOn time.Time `json:"scheduled_on"`
}

// Submit files a permit application.
func (c *Client) Submit(ctx context.Context, app Application) (*Submission, error) {
	var out Submission
	if err := c.call(ctx, http.MethodPost, "/permits", app.RequestKey, app, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Status returns the current decision for a permit.
func (c *Client) Status(ctx context.Context, permitNumber string) (*Decision, error) {
	var out Decision
	if err := c.call(ctx, http.MethodGet, "/permits/"+permitNumber, "", nil, &out); err != nil {
		return nil, err
	}
	if out.Status == "in_review" || out.Status == "submitted" {
		return &out, ErrNotReady
	}
	return &out, nil
}

// ScheduleInspection books an inspection slot.
func (c *Client) ScheduleInspection(ctx context.Context, req InspectionRequest) (*Inspection, error) {
	var out Inspection
	path := "/permits/" + req.PermitNumber + "/inspections"
	if err := c.call(ctx, http.MethodPost, path, req.RequestKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) call(ctx context.Context, method, path, key string, in, out any) error {
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "ApiKey "+c.apiKey)
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("permitsapi: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
		return fmt.Errorf("permitsapi: %s %s: %d %s", method, path, resp.StatusCode, b)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

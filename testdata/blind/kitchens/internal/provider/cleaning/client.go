// Package cleaning is a client for the SparkleCrew partner API, which
// dispatches commercial cleaning crews to a site for a time window.
//
// The partner API has no idempotency header and no client reference
// field: every POST /jobs creates a new job and schedules a crew. Jobs are
// identified only by the id SparkleCrew returns.
package cleaning

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hearthkit/commissary/internal/provider/retry"
)

// Client talks to the SparkleCrew partner API.
type Client struct {
	baseURL string
	token   string
	http    *http.Client
	region  string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithServiceRegion pins jobs to one of the partner's service regions.
func WithServiceRegion(region string) Option { return func(c *Client) { c.region = region } }

// New builds a Client.
func New(baseURL, token string, opts ...Option) *Client {
	c := &Client{
		baseURL: baseURL,
		token:   token,
		http:    &http.Client{Timeout: 20 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// DispatchRequest asks for a crew at a site during a window.
type DispatchRequest struct {
	SiteName     string    `json:"site_name"`
	Address      string    `json:"address"`
	City         string    `json:"city"`
	PostalCode   string    `json:"postal_code"`
	AccessNotes  string    `json:"access_notes,omitempty"`
	ServiceLevel string    `json:"service_level"`
	WindowStart  time.Time `json:"window_start"`
	WindowEnd    time.Time `json:"window_end"`
	ContactPhone string    `json:"contact_phone,omitempty"`
	Notes        string    `json:"notes,omitempty"`
	Region       string    `json:"region,omitempty"`
}

// Job is a scheduled crew visit.
type Job struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"`
	CrewLead    string    `json:"crew_lead,omitempty"`
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
	PriceCents  int64     `json:"price_cents"`
}

// DispatchCrew schedules a crew. The call is made once: a timeout or 5xx
// may still have created a job on the partner side.
func (c *Client) DispatchCrew(ctx context.Context, req DispatchRequest) (*Job, error) {
	if req.Region == "" {
		req.Region = c.region
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/jobs", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	var job Job
	if err := c.do(httpReq, &job); err != nil {
		return nil, err
	}
	return &job, nil
}

func (c *Client) do(req *http.Request, out any) error {
	req.Header.Set("X-Partner-Token", c.token)
	req.Header.Set("Accept", "application/json")
	if req.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return &retry.StatusError{Provider: "sparklecrew", Status: resp.StatusCode, Message: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("cleaning: decode: %w", err)
	}
	return nil
}

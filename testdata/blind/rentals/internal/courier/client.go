// Package courier is the client for the delivery partner.
//
// The partner de-duplicates job creation on the client_reference field of
// the request body: a second request with a known reference returns the
// existing job instead of booking another driver.
package courier

import (
	"context"
	"net/http"
	"time"

	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/outbound"
)

// Client talks to the courier partner API.
type Client struct {
	baseURL   string
	apiKey    string
	accountID string
	hc        *http.Client
	policy    outbound.Policy
}

// NewClient builds the courier client.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		baseURL:   cfg.CourierBaseURL,
		apiKey:    cfg.CourierAPIKey,
		accountID: cfg.CourierAccountID,
		hc:        &http.Client{Timeout: 20 * time.Second},
		policy:    outbound.Policy{Attempts: 5, Delay: 500 * time.Millisecond, MaxDelay: 5 * time.Second},
	}
}

// Address is a pickup or drop-off location.
type Address struct {
	Line1      string `json:"line1"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
	Contact    string `json:"contact_phone,omitempty"`
}

// JobRequest books a pickup and drop-off.
type JobRequest struct {
	ClientReference string    `json:"client_reference"`
	AccountID       string    `json:"account_id"`
	Pickup          Address   `json:"pickup"`
	Dropoff         Address   `json:"dropoff"`
	WindowStart     time.Time `json:"window_start"`
	WindowEnd       time.Time `json:"window_end"`
	ParcelSize      string    `json:"parcel_size"`
	Notes           string    `json:"notes,omitempty"`
}

// Job is the courier's booking.
type Job struct {
	ID              string    `json:"id"`
	ClientReference string    `json:"client_reference"`
	Status          string    `json:"status"`
	TrackingURL     string    `json:"tracking_url"`
	PriceCents      int64     `json:"price_cents"`
	CreatedAt       time.Time `json:"created_at"`
}

// CreateJob books a courier job.
func (c *Client) CreateJob(ctx context.Context, req JobRequest) (Job, error) {
	if req.AccountID == "" {
		req.AccountID = c.accountID
	}
	var out Job
	err := outbound.JSON(ctx, c.hc, c.policy, outbound.Request{
		Op:      "courier.create_job",
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v3/jobs",
		Header:  c.auth(),
		Body:    req,
		Timeout: 15 * time.Second,
	}, &out)
	return out, err
}

// CancelJob cancels a job; cancelling a cancelled job is a no-op.
func (c *Client) CancelJob(ctx context.Context, jobID, reason string) error {
	return outbound.JSON(ctx, c.hc, c.policy, outbound.Request{
		Op:     "courier.cancel_job",
		Method: http.MethodPost,
		URL:    c.baseURL + "/v3/jobs/" + jobID + "/cancel",
		Header: c.auth(),
		Body:   map[string]string{"reason": reason},
	}, nil)
}

func (c *Client) auth() http.Header {
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	return h
}

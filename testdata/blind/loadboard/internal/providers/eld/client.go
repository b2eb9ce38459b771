// Package eld is a client for the ELD aggregation API used to subscribe to
// position updates for a carrier's truck for the duration of a load.
//
// Subscriptions carry an external_ref that is unique per account. Creating
// a subscription with an external_ref that is already in use returns
// 409 Conflict with the existing subscription in the body.
package eld

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/haulgrid/loadboard/internal/platform/httpx"
)

type Config struct {
	BaseURL    string
	APIKey     string
	WebhookURL string
	Secrets    map[string]string // per-vendor webhook shared secrets
}

type Client struct {
	cfg    Config
	hc     *http.Client
	policy httpx.Policy
}

func New(cfg Config) *Client {
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	return &Client{cfg: cfg, hc: &http.Client{Timeout: 10 * time.Second}, policy: httpx.DefaultPolicy}
}

// SubscriptionRequest asks the vendor to stream a truck's positions.
type SubscriptionRequest struct {
	ExternalRef  string    `json:"external_ref"`
	Vendor       string    `json:"vendor"`
	AccountID    string    `json:"account_id"`
	TruckNumber  string    `json:"truck_number"`
	DriverPhone  string    `json:"driver_phone,omitempty"`
	StartsAt     time.Time `json:"starts_at"`
	EndsAt       time.Time `json:"ends_at"`
	WebhookURL   string    `json:"webhook_url"`
	IntervalSecs int       `json:"interval_secs"`
}

type Subscription struct {
	ID          string    `json:"id"`
	ExternalRef string    `json:"external_ref"`
	DeviceID    string    `json:"device_id"`
	Status      string    `json:"status"`
	StartsAt    time.Time `json:"starts_at"`
	EndsAt      time.Time `json:"ends_at"`
}

// ErrExists is returned (wrapped in *ExistsError) when the external_ref is
// already in use.
var ErrExists = errors.New("eld: subscription already exists")

type ExistsError struct {
	Existing Subscription
}

func (e *ExistsError) Error() string { return ErrExists.Error() + ": " + e.Existing.ID }
func (e *ExistsError) Unwrap() error { return ErrExists }

// CreateSubscription creates a tracking subscription.
func (c *Client) CreateSubscription(ctx context.Context, req SubscriptionRequest) (*Subscription, error) {
	if req.WebhookURL == "" {
		req.WebhookURL = c.cfg.WebhookURL + "/" + req.Vendor
	}
	if req.IntervalSecs == 0 {
		req.IntervalSecs = 300
	}
	body, _, err := httpx.Do(ctx, c.hc, c.policy, httpx.JSONRequest(http.MethodPost,
		c.cfg.BaseURL+"/v1/subscriptions", req, map[string]string{"X-Api-Key": c.cfg.APIKey}))
	if err != nil {
		var se *httpx.StatusError
		if errors.As(err, &se) && se.StatusCode == http.StatusConflict {
			var existing struct {
				Subscription Subscription `json:"subscription"`
			}
			if jerr := json.Unmarshal(se.Body, &existing); jerr == nil {
				return nil, &ExistsError{Existing: existing.Subscription}
			}
		}
		return nil, fmt.Errorf("eld create subscription: %w", err)
	}
	var sub Subscription
	if err := httpx.DecodeJSON(body, &sub); err != nil {
		return nil, err
	}
	return &sub, nil
}

// EndSubscription stops a subscription early (load cancelled or delivered).
func (c *Client) EndSubscription(ctx context.Context, id string) error {
	_, _, err := httpx.Do(ctx, c.hc, c.policy, httpx.JSONRequest(http.MethodDelete,
		c.cfg.BaseURL+"/v1/subscriptions/"+id, nil, map[string]string{"X-Api-Key": c.cfg.APIKey}))
	if err != nil && !httpx.IsStatus(err, http.StatusNotFound) {
		return fmt.Errorf("eld end subscription: %w", err)
	}
	return nil
}

// PingBatch is the webhook body vendors post.
type PingBatch struct {
	Vendor string `json:"vendor"`
	Pings  []struct {
		DeviceID   string    `json:"device_id"`
		Lat        float64   `json:"lat"`
		Lng        float64   `json:"lng"`
		SpeedMph   float64   `json:"speed_mph"`
		Heading    int       `json:"heading"`
		RecordedAt time.Time `json:"recorded_at"`
	} `json:"pings"`
}

// Secret returns the shared secret configured for a vendor's webhook.
func (c *Client) Secret(vendor string) (string, bool) {
	s, ok := c.cfg.Secrets[vendor]
	return s, ok
}

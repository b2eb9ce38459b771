// Package towing books tow trucks with the city's contracted towing partner.
// The partner's booking API has no idempotency support: every accepted POST
// dispatches a truck.
package towing

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/cityparking/parking/internal/config"
)

type BookingRequest struct {
	Plate       string  `json:"plate"`
	Location    string  `json:"location"`
	Latitude    float64 `json:"lat"`
	Longitude   float64 `json:"lng"`
	CitationRef string  `json:"citation_ref"`
	OfficerID   string  `json:"officer_id"`
	Priority    string  `json:"priority"`
}

type Booking struct {
	BookingID  string `json:"booking_id"`
	ETAMinutes int    `json:"eta_minutes"`
}

type Client interface {
	Book(ctx context.Context, req BookingRequest) (*Booking, error)
}

type HTTPClient struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

func NewHTTPClient(baseURL, apiKey string) *HTTPClient {
	return &HTTPClient{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 15 * time.Second}}
}

func ProvideClient(cfg *config.Config) Client {
	return NewHTTPClient(cfg.TowingBaseURL, cfg.TowingAPIKey)
}

func (c *HTTPClient) Book(ctx context.Context, br BookingRequest) (*Booking, error) {
	body, err := json.Marshal(br)
	if err != nil {
		return nil, err
	}
	// Only connection failures are retried: once the partner has answered we
	// never resubmit.
	return retry.DoWithData(func() (*Booking, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/api/bookings", bytes.NewReader(body))
		if err != nil {
			return nil, retry.Unrecoverable(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Api-Key", c.apiKey)
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
			return nil, retry.Unrecoverable(fmt.Errorf("towing: partner returned %d", resp.StatusCode))
		}
		var b Booking
		if err := json.NewDecoder(resp.Body).Decode(&b); err != nil {
			return nil, retry.Unrecoverable(err)
		}
		return &b, nil
	}, retry.Context(ctx), retry.Attempts(2), retry.LastErrorOnly(true))
}

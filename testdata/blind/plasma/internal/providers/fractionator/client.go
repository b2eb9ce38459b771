// Package fractionator is the EDI client for the fractionation plant that
// buys our released plasma.
//
// POST /pickups books a refrigerated carrier pickup; the endpoint has no
// idempotency support. POST /manifests accepts an X-Message-Id header and
// discards a message whose id it has already accepted.
package fractionator

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/providers/httpclient"
)

// API is what the quarantine services need.
type API interface {
	BookPickup(ctx context.Context, req PickupRequest) (Pickup, error)
	SendManifest(ctx context.Context, m Manifest, messageID, correlationID string) error
}

// Client talks to the fractionator.
type Client struct {
	baseURL   string
	apiKey    string
	consignee string
	http      httpclient.Doer
}

// New returns a Client from config.
func New(cfg config.Config) *Client {
	return &Client{
		baseURL:   cfg.Fractionator.BaseURL,
		apiKey:    cfg.Fractionator.APIKey,
		consignee: cfg.Fractionator.Consignee,
		http:      httpclient.Default(),
	}
}

// Consignee is the configured receiving plant.
func (c *Client) Consignee() string { return c.consignee }

// PickupRequest books a carrier.
type PickupRequest struct {
	ShipperSite  string    `json:"shipper_site"`
	Consignee    string    `json:"consignee"`
	CartonCount  int       `json:"carton_count"`
	EarliestAt   time.Time `json:"earliest_at"`
	LatestAt     time.Time `json:"latest_at"`
	TemperatureC int       `json:"temperature_c"`
}

// Pickup is a booked carrier pickup.
type Pickup struct {
	PickupRef   string    `json:"pickup_ref"`
	Carrier     string    `json:"carrier"`
	ScheduledAt time.Time `json:"scheduled_at"`
}

// Manifest lists the units in a dispatched shipment.
type Manifest struct {
	ShipmentRef  string         `json:"shipment_ref"`
	PickupRef    string         `json:"pickup_ref"`
	ShipperSite  string         `json:"shipper_site"`
	Consignee    string         `json:"consignee"`
	DispatchedAt time.Time      `json:"dispatched_at"`
	Lines        []ManifestLine `json:"lines"`
}

// ManifestLine is one unit.
type ManifestLine struct {
	DIN         string    `json:"din"`
	CartonNo    int       `json:"carton_no"`
	VolumeML    int       `json:"volume_ml"`
	CollectedAt time.Time `json:"collected_at"`
	ReleasedAt  time.Time `json:"released_at"`
}

func (c *Client) auth() string { return "Bearer " + c.apiKey }

// BookPickup books a pickup.
func (c *Client) BookPickup(ctx context.Context, req PickupRequest) (Pickup, error) {
	if req.Consignee == "" {
		req.Consignee = c.consignee
	}
	var out Pickup
	err := httpclient.Do(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/pickups",
		Headers: map[string]string{"Authorization": c.auth()},
		Body:    req,
	}, &out)
	if err != nil {
		return Pickup{}, fmt.Errorf("fractionator: book pickup: %w", err)
	}
	return out, nil
}

// SendManifest transmits a manifest. messageID is the de-duplication key;
// correlationID is echoed in the plant's logs for support tickets.
func (c *Client) SendManifest(ctx context.Context, m Manifest, messageID, correlationID string) error {
	err := httpclient.Do(ctx, c.http, httpclient.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/manifests",
		Headers: map[string]string{
			"Authorization":    c.auth(),
			"X-Message-Id":     messageID,
			"X-Correlation-Id": correlationID,
		},
		Body: m,
	}, nil)
	if err != nil {
		return fmt.Errorf("fractionator: send manifest: %w", err)
	}
	return nil
}

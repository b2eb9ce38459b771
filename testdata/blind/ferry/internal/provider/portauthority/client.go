// Package portauthority is the client for the harbour authority's Electronic
// Manifest API (EMA v2), which every sailing must file before departure.
//
// Manifests and amendments carry a client_reference chosen by the carrier.
// EMA treats a repeated client_reference from the same carrier as the same
// filing: it answers 200 with the original identifiers instead of 201, and
// does not record a second filing. Without a client_reference every POST is
// a new filing.
package portauthority

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/northsound/ferrydesk/internal/platform/httpx"
)

// Person is a traveller as EMA models them.
type Person struct {
	FullName       string `json:"full_name"`
	DateOfBirth    string `json:"date_of_birth"`
	Nationality    string `json:"nationality"`
	DocumentNumber string `json:"document_number"`
	BookingRef     string `json:"booking_ref"`
}

// Vehicle is a vehicle as EMA models them.
type Vehicle struct {
	Registration string `json:"registration"`
	Category     string `json:"category"`
	LengthCM     int    `json:"length_cm"`
	BookingRef   string `json:"booking_ref"`
}

// Manifest is a full filing for one departure.
type Manifest struct {
	ClientReference string    `json:"client_reference,omitempty"`
	CarrierCode     string    `json:"carrier_code"`
	VesselIMO       string    `json:"vessel_imo"`
	DeparturePort   string    `json:"departure_port"`
	ArrivalPort     string    `json:"arrival_port"`
	DepartureTime   time.Time `json:"departure_time"`
	Persons         []Person  `json:"persons"`
	Vehicles        []Vehicle `json:"vehicles"`
}

// SubmitResult identifies an accepted filing.
type SubmitResult struct {
	ManifestID string `json:"manifest_id"`
	Status     string `json:"status"`
}

// Amendment adds or removes one traveller on a filed manifest.
type Amendment struct {
	ClientReference string  `json:"client_reference,omitempty"`
	Action          string  `json:"action"`
	Person          *Person `json:"person,omitempty"`
	Reason          string  `json:"reason,omitempty"`
}

// AmendResult identifies an accepted amendment.
type AmendResult struct {
	AmendmentID string `json:"amendment_id"`
}

// Client calls EMA.
type Client struct {
	base    string
	apiKey  string
	carrier string
	doer    httpx.Doer
}

// New returns a client for the EMA base URL, authenticated as carrier.
func New(baseURL, apiKey, carrier string) *Client {
	return &Client{
		base:    baseURL,
		apiKey:  apiKey,
		carrier: carrier,
		doer:    httpx.Retrying(httpx.DefaultClient(20*time.Second), httpx.WithBackoff(time.Second)),
	}
}

// Carrier is the carrier code manifests are filed under.
func (c *Client) Carrier() string { return c.carrier }

func (c *Client) headers() http.Header {
	h := http.Header{}
	h.Set("Authorization", "ApiKey "+c.apiKey)
	h.Set("X-Carrier-Code", c.carrier)
	return h
}

// SubmitManifest files a full manifest.
func (c *Client) SubmitManifest(ctx context.Context, m Manifest) (SubmitResult, error) {
	if m.CarrierCode == "" {
		m.CarrierCode = c.carrier
	}
	var out SubmitResult
	if err := httpx.JSON(ctx, c.doer, http.MethodPost, c.base+"/manifests", c.headers(), m, &out); err != nil {
		return SubmitResult{}, fmt.Errorf("port authority: submit manifest: %w", err)
	}
	return out, nil
}

// AmendManifest files an amendment against a manifest EMA already holds.
func (c *Client) AmendManifest(ctx context.Context, manifestID string, a Amendment) (AmendResult, error) {
	var out AmendResult
	u := c.base + "/manifests/" + url.PathEscape(manifestID) + "/amendments"
	if err := httpx.JSON(ctx, c.doer, http.MethodPost, u, c.headers(), a, &out); err != nil {
		return AmendResult{}, fmt.Errorf("port authority: amend manifest %s: %w", manifestID, err)
	}
	return out, nil
}

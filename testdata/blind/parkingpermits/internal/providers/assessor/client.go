// Package assessor looks up residential parcels in the county assessor's
// public parcel API, used to confirm an applicant lives inside a permit zone.
package assessor

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Client is a read-only parcel lookup client.
type Client struct {
	baseURL string
	http    *http.Client
}

// New returns a client.
func New(baseURL string, timeout time.Duration) *Client {
	return &Client{baseURL: baseURL, http: &http.Client{Timeout: timeout}}
}

// Parcel is the subset of the parcel record we use.
type Parcel struct {
	ParcelID    string `json:"parcel_id"`
	LandUse     string `json:"land_use"`
	Residential bool   `json:"residential"`
	ZoneCode    string `json:"parking_zone"`
}

// Lookup finds the parcel for a street address. It returns nil, nil when the
// assessor has no parcel for the address.
func (c *Client) Lookup(ctx context.Context, addressLine, postalCode string) (*Parcel, error) {
	q := url.Values{"address": {addressLine}, "zip": {postalCode}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/parcels/search?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("assessor: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return nil, nil
	}
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("assessor: status %d", resp.StatusCode)
	}
	var p Parcel
	if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
		return nil, fmt.Errorf("assessor: decode: %w", err)
	}
	return &p, nil
}

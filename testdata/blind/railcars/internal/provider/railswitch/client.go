// Package railswitch is a client for the serving railroads' customer
// switching API (release / pull orders for cars at industry sidings).
package railswitch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client calls one railroad's switching API.
type Client struct {
	baseURL  string
	clientID string
	secret   string
	http     *http.Client
}

// New returns a client.
func New(baseURL, clientID, secret string) *Client {
	return &Client{baseURL: baseURL, clientID: clientID, secret: secret, http: &http.Client{Timeout: 30 * time.Second}}
}

// ReleaseOrder asks the railroad to pull a car from a siding.
type ReleaseOrder struct {
	CarMark      string `json:"equipment_id"`
	SidingCode   string `json:"industry_track"`
	LoadStatus   string `json:"load_status"`
	RequestedFor string `json:"requested_for"`
	Remarks      string `json:"remarks,omitempty"`
}

// OrderAck is the railroad's order confirmation.
type OrderAck struct {
	OrderNumber string `json:"order_number"`
	Status      string `json:"status"`
}

// SubmitReleaseOrder places a release order.
func (c *Client) SubmitReleaseOrder(ctx context.Context, o ReleaseOrder) (*OrderAck, error) {
	raw, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/switching/v1/release-orders", bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.clientID, c.secret)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("railswitch: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("railswitch: status %d: %s", resp.StatusCode, body)
	}
	var ack OrderAck
	if err := json.Unmarshal(body, &ack); err != nil {
		return nil, fmt.Errorf("railswitch: decode: %w", err)
	}
	return &ack, nil
}

// Directory picks the client for a railroad by SCAC.
type Directory map[string]*Client

// For returns the client for a railroad.
func (d Directory) For(scac string) (*Client, error) {
	c, ok := d[scac]
	if !ok {
		return nil, fmt.Errorf("railswitch: no switching API configured for %s", scac)
	}
	return c, nil
}

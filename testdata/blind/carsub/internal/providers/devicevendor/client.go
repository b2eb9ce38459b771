// Package devicevendor is the client for TrakBox, who supplies and
// activates the telematics units fitted to our cars.
//
// TrakBox has no request deduplication: every POST to the orders API
// creates a new order, and each activation or replacement order is billed.
package devicevendor

import (
	"context"
	"net/http"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/platform/httpx"
)

type ActivationOrder struct {
	VIN      string `json:"vin"`
	Serial   string `json:"serial"`
	DataPlan string `json:"data_plan"`
}

type ReplacementOrder struct {
	VIN          string `json:"vin"`
	FaultySerial string `json:"faulty_serial"`
	Reason       string `json:"reason"`
	ShipTo       string `json:"ship_to"`
}

type Order struct {
	ID        string `json:"order_id"`
	Status    string `json:"status"`
	NewSerial string `json:"new_serial,omitempty"`
}

type Client struct {
	http *httpx.Client
}

func New(cfg config.Provider) *Client {
	return &Client{http: httpx.New("trakbox", cfg.BaseURL, cfg.Timeout, func(r *http.Request) {
		r.SetBasicAuth("carsub", cfg.APIKey)
	})}
}

// OrderActivation asks TrakBox to provision the SIM and activate the unit.
func (c *Client) OrderActivation(ctx context.Context, req ActivationOrder) (*Order, error) {
	var out Order
	if err := c.http.Do(ctx, http.MethodPost, "/api/orders/activation", nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// OrderReplacement ships a replacement unit and schedules fitting.
func (c *Client) OrderReplacement(ctx context.Context, req ReplacementOrder) (*Order, error) {
	var out Order
	if err := c.http.Do(ctx, http.MethodPost, "/api/orders/replacement", nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Package worknet is the client for the contractor network that receives
// maintenance work orders from us and routes them to vendors (plumbers,
// electricians, HVAC). Vendors report progress back through the
// contractor-status SQS queue, not through this API.
//
// Work orders are deduplicated on external_ref: creating a work order with
// an external_ref the network already holds returns 409 with the existing
// work order in the body.
package worknet

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/quadhall/housing/internal/httpclient"
)

// Config holds the network credentials.
type Config struct {
	BaseURL  string
	ClientID string
	Token    string
}

// Client is the contractor network API client.
type Client struct {
	cfg  Config
	http *http.Client
}

// New returns a Client.
func New(cfg Config, hc *http.Client) *Client { return &Client{cfg: cfg, http: hc} }

// WorkOrderRequest is the body of POST /api/work-orders.
type WorkOrderRequest struct {
	VendorID    string `json:"vendor_id"`
	ExternalRef string `json:"external_ref"`
	Trade       string `json:"trade"`
	Priority    string `json:"priority"`
	SiteAddress string `json:"site_address"`
	Unit        string `json:"unit"`
	Description string `json:"description"`
}

// WorkOrder is the network's work order.
type WorkOrder struct {
	ID          string `json:"id"`
	ExternalRef string `json:"external_ref"`
	State       string `json:"state"`
}

// CreateWorkOrder submits a work order, returning the existing one if the
// external_ref has been used before.
func (c *Client) CreateWorkOrder(ctx context.Context, req WorkOrderRequest) (*WorkOrder, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.cfg.Token)
	h.Set("X-Client-Id", c.cfg.ClientID)
	var out WorkOrder
	err := httpclient.DoJSON(httpclient.Replayable(ctx), c.http, httpclient.Request{
		Provider: "worknet",
		Method:   http.MethodPost,
		URL:      c.cfg.BaseURL + "/api/work-orders",
		Header:   h,
		Body:     req,
	}, &out)
	var apiErr *httpclient.APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusConflict {
		var existing struct {
			Existing WorkOrder `json:"existing"`
		}
		if jerr := json.Unmarshal([]byte(apiErr.Body), &existing); jerr == nil && existing.Existing.ID != "" {
			return &existing.Existing, nil
		}
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

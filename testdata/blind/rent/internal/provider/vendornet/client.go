// Package vendornet creates work orders on the maintenance vendor
// marketplace. The marketplace has no request deduplication: every POST
// books a new job with a vendor.
package vendornet

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/keystone-pm/rent/internal/provider/transport"
)

type Client struct {
	baseURL string
	apiKey  string
	hc      *http.Client
	policy  transport.Policy
}

type Config struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

func New(cfg Config) *Client {
	return &Client{
		baseURL: cfg.BaseURL,
		apiKey:  cfg.APIKey,
		hc:      &http.Client{Timeout: cfg.Timeout},
		policy:  transport.NoRetry,
	}
}

// WorkOrderRequest describes the job to book.
type WorkOrderRequest struct {
	PropertyRef       string `json:"property_ref"`
	Unit              string `json:"unit"`
	Category          string `json:"category"`
	Description       string `json:"description"`
	Urgency           string `json:"urgency"`
	PermissionToEnter bool   `json:"permission_to_enter"`
	ContactPhone      string `json:"contact_phone,omitempty"`
	PreferredDate     string `json:"preferred_date,omitempty"`
	Reference         string `json:"reference,omitempty"`
}

// WorkOrder is the marketplace's booking.
type WorkOrder struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	VendorID  string    `json:"vendor_id"`
	CreatedAt time.Time `json:"created_at"`
}

// CreateWorkOrder books a vendor.
func (c *Client) CreateWorkOrder(ctx context.Context, req WorkOrderRequest) (*WorkOrder, error) {
	h := http.Header{}
	h.Set("Authorization", "Token "+c.apiKey)
	var out WorkOrder
	err := transport.Do(ctx, c.hc, c.policy, transport.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/api/work_orders",
		Header:  h,
		JSON:    req,
		Decoded: &out,
	})
	if err != nil {
		return nil, fmt.Errorf("vendornet: create work order: %w", err)
	}
	return &out, nil
}

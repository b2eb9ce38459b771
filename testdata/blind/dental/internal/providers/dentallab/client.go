// Package dentallab talks to the Keystone Dental Lab partner API, where the
// practices order crowns and remakes from intraoral scans. The order
// endpoint takes no idempotency key or client reference: every accepted
// POST opens a new lab case with its own order number and goes into
// production.
package dentallab

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/brightsmile-dental/practiceops/internal/platform/httpclient"
)

// OrderRequest is a restoration order.
type OrderRequest struct {
	Account       string `json:"account"`
	PatientRef    string `json:"patient_ref"`
	Doctor        string `json:"doctor"`
	ToothNumber   int    `json:"tooth"`
	Restoration   string `json:"restoration"`
	Shade         string `json:"shade"`
	ScanURL       string `json:"scan_url"`
	Notes         string `json:"notes,omitempty"`
	Remake        bool   `json:"remake"`
	OriginalOrder string `json:"original_order,omitempty"`
	RushDays      int    `json:"rush_days,omitempty"`
}

// Order is the lab's view of an order.
type Order struct {
	OrderNumber    string    `json:"order_number"`
	Status         string    `json:"status"`
	DueDate        string    `json:"due_date"`
	TrackingNumber string    `json:"tracking_number,omitempty"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// Client is the lab API.
type Client interface {
	PlaceOrder(ctx context.Context, req OrderRequest) (Order, error)
}

type client struct {
	http *httpclient.Client
}

// New returns a lab client.
func New(baseURL, user, password string, opts ...httpclient.Option) Client {
	opts = append([]httpclient.Option{
		httpclient.WithBasicAuth(user, password),
		httpclient.WithTimeout(30 * time.Second),
	}, opts...)
	return &client{http: httpclient.New(baseURL, opts...)}
}

func (c *client) PlaceOrder(ctx context.Context, req OrderRequest) (Order, error) {
	var out Order
	if err := c.http.Do(ctx, http.MethodPost, "/api/v3/orders", nil, req, &out); err != nil {
		return Order{}, fmt.Errorf("keystone place order: %w", err)
	}
	return out, nil
}

// Package caterer is the client for the in-house caterer's ordering API.
// The API has no request deduplication: every POST /orders creates an order.
package caterer

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/deskhive/coworking/internal/providers/httpclient"
)

// Order is a catering order for a meeting.
type Order struct {
	Reference  string    `json:"reference"`
	Room       string    `json:"room"`
	DeliverAt  time.Time `json:"deliver_at"`
	Headcount  int       `json:"headcount"`
	Package    string    `json:"package"`
	CostCentre string    `json:"cost_centre"`
}

// Placed is the caterer's acknowledgement.
type Placed struct {
	OrderRef string `json:"order_ref"`
	Status   string `json:"status"`
}

// Client is the caterer API.
type Client interface {
	PlaceOrder(ctx context.Context, o Order) (Placed, error)
	CancelOrder(ctx context.Context, orderRef string) error
}

// HTTPClient implements Client.
type HTTPClient struct {
	c *httpclient.Client
}

// NewHTTPClient builds the caterer client.
func NewHTTPClient(baseURL, apiKey string) *HTTPClient {
	h := http.Header{}
	h.Set("X-Api-Key", apiKey)
	return &HTTPClient{c: httpclient.New(baseURL, h)}
}

// PlaceOrder creates a new order.
func (c *HTTPClient) PlaceOrder(ctx context.Context, o Order) (Placed, error) {
	var out Placed
	err := c.c.Do(ctx, http.MethodPost, "/orders", nil, o, &out)
	return out, err
}

// CancelOrder cancels an order by its caterer reference. Cancelling an
// order that is already cancelled or unknown succeeds.
func (c *HTTPClient) CancelOrder(ctx context.Context, orderRef string) error {
	err := c.c.Do(ctx, http.MethodDelete, "/orders/"+orderRef, nil, nil, nil)
	var se *httpclient.StatusError
	if errors.As(err, &se) && (se.Status == http.StatusNotFound || se.Status == http.StatusConflict) {
		return nil
	}
	return err
}

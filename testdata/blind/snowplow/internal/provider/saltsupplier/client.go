// Package saltsupplier places bulk road-salt orders with the regional
// supplier. The supplier's ordering API is a thin layer over their ERP and
// has no idempotency support; a repeated POST is a second truckload.
package saltsupplier

import (
	"context"
	"net/http"
	"time"

	"github.com/driftline-services/snowplow/internal/platform/apiclient"
)

// Client is the supplier ordering client.
type Client struct {
	baseURL   string
	accountNo string
	apiKey    string
	hc        *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default HTTP client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// NewClient returns a supplier client.
func NewClient(baseURL, accountNo, apiKey string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, accountNo: accountNo, apiKey: apiKey, hc: &http.Client{Timeout: 30 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// OrderRequest is a bulk order for delivery to one yard.
type OrderRequest struct {
	ShipTo     string `json:"ship_to"`
	Product    string `json:"product"`
	QuantityKg int64  `json:"quantity_kg"`
	// PONumber is printed on the delivery ticket for the yard crew; the
	// supplier does not check it for duplicates.
	PONumber string `json:"po_number,omitempty"`
}

// Order is the supplier's confirmation.
type Order struct {
	OrderID      string    `json:"order_id"`
	ExpectedDate time.Time `json:"expected_date"`
}

// PlaceOrder submits an order.
func (c *Client) PlaceOrder(ctx context.Context, req OrderRequest) (Order, error) {
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	var out Order
	err := apiclient.DoJSON(ctx, c.hc, apiclient.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/accounts/" + c.accountNo + "/orders",
		Header: h,
		Body:   req,
	}, &out)
	return out, err
}

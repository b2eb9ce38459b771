// Package distributor is the client for VetSource Direct, the veterinary
// supply distributor.
//
// Orders carrying the same client_order_ref for the same account within 30
// days are collapsed: the API returns the original order with
// "duplicate": true.
package distributor

import (
	"context"
	"net/http"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/providers/httpjson"
)

type Client struct {
	api     *httpjson.Client
	account string
}

func New(cfg config.Config) *Client {
	return &Client{
		api:     httpjson.New(cfg.DistributorURL, cfg.ProviderTimeout, httpjson.Bearer(cfg.DistributorKey)),
		account: cfg.DistributorAcct,
	}
}

type OrderLine struct {
	SKU string `json:"sku"`
	Qty int    `json:"quantity"`
}

type OrderRequest struct {
	AccountID      string      `json:"account_id"`
	ShipToSite     string      `json:"ship_to_site"`
	Lines          []OrderLine `json:"lines"`
	Notes          string      `json:"notes,omitempty"`
	ClientOrderRef string      `json:"client_order_ref,omitempty"`
}

type OrderAck struct {
	OrderID   string `json:"order_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

func (c *Client) PlaceOrder(ctx context.Context, req OrderRequest) (OrderAck, error) {
	if req.AccountID == "" {
		req.AccountID = c.account
	}
	var out OrderAck
	err := c.api.Do(ctx, http.MethodPost, "/v3/orders", req, &out)
	return out, err
}

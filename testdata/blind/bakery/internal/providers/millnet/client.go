// Package millnet is a client for the Harrow Mills trade ordering API,
// through which flour purchase orders are placed with the mill.
//
// Orders carry an optional buyer_reference. When one is supplied the mill
// treats it as unique per trade account: a second order with the same
// reference is answered with 409 and the existing order, so a resubmission
// never produces a second delivery of flour.
package millnet

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/crumbworks/ovenline/internal/config"
	"github.com/crumbworks/ovenline/internal/providers/provhttp"
)

// Client talks to the mill's trade API.
type Client struct {
	t *provhttp.Transport
}

// New builds a Client from configuration.
func New(cfg config.Config) *Client {
	return &Client{t: provhttp.New(cfg.Mill.BaseURL, cfg.Mill.Timeout, provhttp.Bearer(cfg.Mill.APIKey))}
}

// OrderLine is one flour on a mill order.
type OrderLine struct {
	MillSKU   string `json:"sku"`
	Kilograms int    `json:"kg"`
}

// OrderRequest places a flour order for delivery on DeliveryDate.
type OrderRequest struct {
	AccountRef     string      `json:"account"`
	DeliveryDate   string      `json:"delivery_date"`
	BuyerReference string      `json:"buyer_reference,omitempty"`
	Lines          []OrderLine `json:"lines"`
	Instructions   string      `json:"instructions,omitempty"`
}

// Order is the mill's view of an order.
type Order struct {
	OrderRef       string `json:"order_ref"`
	BuyerReference string `json:"buyer_reference"`
	Status         string `json:"status"`
	DeliveryDate   string `json:"delivery_date"`
}

// PlaceOrder submits a flour order. A 409 for a known buyer_reference is
// returned as the existing order.
func (c *Client) PlaceOrder(ctx context.Context, req OrderRequest) (Order, error) {
	var out Order
	err := c.t.Do(ctx, http.MethodPost, "/orders", req, &out)
	var se *provhttp.StatusError
	if errors.As(err, &se) && se.Status == http.StatusConflict && req.BuyerReference != "" {
		return c.GetByReference(ctx, req.AccountRef, req.BuyerReference)
	}
	if err != nil {
		return Order{}, fmt.Errorf("millnet: place order: %w", err)
	}
	return out, nil
}

// GetByReference looks an order up by buyer_reference.
func (c *Client) GetByReference(ctx context.Context, account, ref string) (Order, error) {
	var out Order
	path := fmt.Sprintf("/accounts/%s/orders/by-reference/%s", account, ref)
	if err := c.t.Do(ctx, http.MethodGet, path, nil, &out); err != nil {
		return Order{}, fmt.Errorf("millnet: get order %s: %w", ref, err)
	}
	return out, nil
}

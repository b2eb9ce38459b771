// Package distributor is the client for the medical supply distributor's
// ordering API (dialyzers, bloodlines, concentrate, needles, saline).
//
// The distributor de-duplicates orders on the purchase order number within
// an account: a second POST /orders with a PO number it has already seen
// returns 409 duplicate_po together with the existing order. Return
// authorizations have no such key.
package distributor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/renalnet/dialysis-ops/internal/partners/httpx"
)

const partnerName = "distributor"

type Config struct {
	BaseURL       string
	AccountNumber string
	APIKey        string
	WebhookSecret string
}

type Client struct {
	cfg  Config
	http *retryablehttp.Client
}

func New(cfg Config, hc *retryablehttp.Client) *Client {
	return &Client{cfg: cfg, http: hc}
}

func (c *Client) headers() map[string]string {
	return map[string]string{
		"X-Api-Key":        c.cfg.APIKey,
		"X-Account-Number": c.cfg.AccountNumber,
	}
}

type OrderLine struct {
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
	Unit     string `json:"unit"`
}

type OrderRequest struct {
	PONumber     string      `json:"po_number"`
	ShipToCode   string      `json:"ship_to_code"`
	ShipToName   string      `json:"ship_to_name"`
	ShipToAddr   string      `json:"ship_to_address"`
	RequestedBy  string      `json:"requested_by"`
	Lines        []OrderLine `json:"lines"`
	Instructions string      `json:"instructions,omitempty"`
}

type Order struct {
	OrderID   string    `json:"order_id"`
	PONumber  string    `json:"po_number"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// PlaceOrder submits a purchase order. A duplicate PO is not an error: the
// distributor returns the order it already has.
func (c *Client) PlaceOrder(ctx context.Context, req OrderRequest) (Order, error) {
	var out Order
	err := httpx.DoJSON(ctx, c.http, partnerName, httpx.Request{
		Method:  http.MethodPost,
		URL:     c.cfg.BaseURL + "/api/v3/orders",
		Headers: c.headers(),
		Body:    req,
	}, &out)
	var apiErr *httpx.APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusConflict && apiErr.Code == "duplicate_po" {
		var dup struct {
			Order Order `json:"existing_order"`
		}
		if jsonErr := json.Unmarshal(apiErr.Body, &dup); jsonErr == nil && dup.Order.OrderID != "" {
			return dup.Order, nil
		}
	}
	if err != nil {
		return out, fmt.Errorf("place order %s: %w", req.PONumber, err)
	}
	return out, nil
}

type RMARequest struct {
	OriginalOrderID string `json:"original_order_id"`
	PONumber        string `json:"po_number"`
	SKU             string `json:"sku"`
	Quantity        int32  `json:"quantity"`
	ReasonCode      string `json:"reason_code"`
	Comment         string `json:"comment,omitempty"`
}

type RMA struct {
	RMANumber string `json:"rma_number"`
	Label     string `json:"return_label_url"`
}

// CreateRMA opens a return authorization for part of an order.
func (c *Client) CreateRMA(ctx context.Context, req RMARequest) (RMA, error) {
	var out RMA
	err := httpx.DoJSON(ctx, c.http, partnerName, httpx.Request{
		Method:  http.MethodPost,
		URL:     c.cfg.BaseURL + "/api/v3/returns",
		Headers: c.headers(),
		Body:    req,
	}, &out)
	return out, err
}

// ShipmentNotice is the body of the distributor's shipment webhook (ASN).
type ShipmentNotice struct {
	DeliveryID     string     `json:"delivery_id"`
	OrderID        string     `json:"order_id"`
	PONumber       string     `json:"po_number"`
	Status         string     `json:"status"` // "shipped" | "delivered"
	Carrier        string     `json:"carrier"`
	TrackingNumber string     `json:"tracking_number"`
	ShippedAt      *time.Time `json:"shipped_at"`
	DeliveredAt    *time.Time `json:"delivered_at"`
}

func (c *Client) VerifyWebhook(body []byte, signature string) bool {
	return httpx.VerifyHMAC([]byte(c.cfg.WebhookSecret), body, signature)
}

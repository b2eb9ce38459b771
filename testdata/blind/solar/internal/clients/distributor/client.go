// Package distributor is the client for the equipment distributor's ordering
// API (modules, inverters, racking, balance of system).
package distributor

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client places and tracks purchase orders.
type Client struct {
	baseURL string
	apiKey  string
	hookKey []byte
	http    *http.Client
}

// New builds a Client.
func New(baseURL, apiKey, hookKey string) *Client {
	return &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		hookKey: []byte(hookKey),
		http:    &http.Client{Timeout: 15 * time.Second},
	}
}

// Line is one SKU on a purchase order.
type Line struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

// OrderRequest is a purchase order. The distributor treats po_number as the
// order's identity: a repeated po_number returns the existing order.
type OrderRequest struct {
	PONumber     string `json:"po_number"`
	ShipTo       string `json:"ship_to"`
	WarehouseID  string `json:"warehouse_id"`
	RequestedFor string `json:"requested_delivery_date"`
	Lines        []Line `json:"lines"`
	Notes        string `json:"notes,omitempty"`
}

// Order is the distributor's view of an order.
type Order struct {
	OrderID  string `json:"order_id"`
	PONumber string `json:"po_number"`
	Status   string `json:"status"`
	ETA      string `json:"eta"`
}

// CreateOrder places a purchase order.
func (c *Client) CreateOrder(ctx context.Context, req OrderRequest) (*Order, error) {
	var out Order
	if err := c.post(ctx, "/v3/orders", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CancelOrder cancels an order that has not shipped.
func (c *Client) CancelOrder(ctx context.Context, poNumber string) error {
	return c.post(ctx, "/v3/orders/"+poNumber+"/cancel", struct{}{}, nil)
}

// ShipmentEvent is the body of a shipment webhook.
type ShipmentEvent struct {
	EventID     string    `json:"event_id"`
	PONumber    string    `json:"po_number"`
	Status      string    `json:"status"`
	Carrier     string    `json:"carrier"`
	Tracking    string    `json:"tracking_number"`
	PackingSlip string    `json:"packing_slip"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// VerifyWebhook checks the X-Distributor-Signature header (hex HMAC-SHA256).
func (c *Client) VerifyWebhook(body []byte, signature string) (*ShipmentEvent, error) {
	mac := hmac.New(sha256.New, c.hookKey)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return nil, fmt.Errorf("distributor: bad signature")
	}
	var evt ShipmentEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		return nil, err
	}
	return &evt, nil
}

func (c *Client) post(ctx context.Context, path string, in, out any) error {
	raw, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Api-Key", c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("distributor: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
		return fmt.Errorf("distributor: %s %s: %d %s", http.MethodPost, path, resp.StatusCode, b)
	}
	if out != nil {
		return json.NewDecoder(resp.Body).Decode(out)
	}
	return nil
}

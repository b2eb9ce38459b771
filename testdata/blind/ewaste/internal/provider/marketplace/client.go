// Package marketplace is the client for RefurbMart, the partner marketplace
// where graded devices are resold.
//
// Listing creation is de-duplicated on client_request_id (kept for 7 days);
// seller SKUs are model/grade codes and are shared between units. Order
// shipment notices have no de-duplication: each POST appends a tracking
// record to the order and e-mails the buyer.
package marketplace

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/circuitback/buyback/internal/provider/httpx"
)

const Name = "refurbmart"

type ListingRequest struct {
	ClientRequestID string            `json:"client_request_id,omitempty"`
	SellerSKU       string            `json:"seller_sku"`
	Title           string            `json:"title"`
	Condition       string            `json:"condition"` // excellent | good | fair
	PriceCents      int64             `json:"price_cents"`
	Currency        string            `json:"currency"`
	Quantity        int               `json:"quantity"`
	Attributes      map[string]string `json:"attributes,omitempty"`
	WarrantyDays    int               `json:"warranty_days"`
}

type Listing struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	URL       string    `json:"url"`
	CreatedAt time.Time `json:"created_at"`
}

type ShipmentNotice struct {
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"tracking_number"`
	ShippedAt      string `json:"shipped_at"`
}

type ShipmentRecord struct {
	ID      string `json:"id"`
	OrderID string `json:"order_id"`
}

type Client struct {
	http     *httpx.Client
	sellerID string
}

func New(baseURL, sellerID, apiKey string) *Client {
	return &Client{
		sellerID: sellerID,
		http: httpx.New(Name, strings.TrimRight(baseURL, "/"), func(r *http.Request) {
			r.Header.Set("X-Api-Key", apiKey)
			r.Header.Set("X-Seller-Id", sellerID)
		}),
	}
}

// CreateListing publishes a unit for sale.
func (c *Client) CreateListing(ctx context.Context, in ListingRequest) (*Listing, error) {
	if in.Quantity == 0 {
		in.Quantity = 1
	}
	var out Listing
	path := fmt.Sprintf("/sellers/%s/listings", c.sellerID)
	if err := c.http.Do(ctx, http.MethodPost, path, in, &out, nil); err != nil {
		return nil, fmt.Errorf("create listing %s: %w", in.SellerSKU, err)
	}
	return &out, nil
}

// WithdrawListing ends a listing. Withdrawing twice is accepted.
func (c *Client) WithdrawListing(ctx context.Context, listingID string) error {
	path := fmt.Sprintf("/sellers/%s/listings/%s", c.sellerID, listingID)
	return c.http.Do(ctx, http.MethodDelete, path, nil, nil, nil)
}

// RelistListing reactivates a withdrawn or cancelled-sale listing.
func (c *Client) RelistListing(ctx context.Context, listingID string) error {
	path := fmt.Sprintf("/sellers/%s/listings/%s/activate", c.sellerID, listingID)
	return c.http.Do(ctx, http.MethodPut, path, nil, nil, nil)
}

// AcknowledgeOrder tells the partner we accepted the order (PUT, repeatable).
func (c *Client) AcknowledgeOrder(ctx context.Context, orderID string) error {
	path := fmt.Sprintf("/sellers/%s/orders/%s/acknowledgement", c.sellerID, orderID)
	return c.http.Do(ctx, http.MethodPut, path, map[string]string{"status": "accepted"}, nil, nil)
}

// AddShipment posts tracking for an order.
func (c *Client) AddShipment(ctx context.Context, orderID string, n ShipmentNotice) (*ShipmentRecord, error) {
	var out ShipmentRecord
	path := fmt.Sprintf("/sellers/%s/orders/%s/shipments", c.sellerID, orderID)
	if err := c.http.Do(ctx, http.MethodPost, path, n, &out, nil); err != nil {
		return nil, fmt.Errorf("add shipment to %s: %w", orderID, err)
	}
	return &out, nil
}

// OrderEvent is the order webhook body.
type OrderEvent struct {
	EventID   string    `json:"event_id"`
	Type      string    `json:"type"` // order.created | order.cancelled
	CreatedAt time.Time `json:"created_at"`
	Order     struct {
		ID          string    `json:"id"`
		ListingID   string    `json:"listing_id"`
		SellerSKU   string    `json:"seller_sku"`
		AmountCents int64     `json:"amount_cents"`
		Currency    string    `json:"currency"`
		PlacedAt    time.Time `json:"placed_at"`
		CancelCode  string    `json:"cancel_reason,omitempty"`
		Buyer       struct {
			Name   string         `json:"name"`
			ShipTo map[string]any `json:"ship_to"`
		} `json:"buyer"`
	} `json:"order"`
}

// VerifySignature checks the X-RefurbMart-Hmac header.
func VerifySignature(secret string, body []byte, signature string) bool {
	return httpx.VerifyHMAC(secret, body, signature)
}

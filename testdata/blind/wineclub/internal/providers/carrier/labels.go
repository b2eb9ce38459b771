package carrier

import (
	"context"
	"net/http"
	"time"
)

// Address is a postal address.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
	Phone      string `json:"phone,omitempty"`
}

// Parcel describes the box.
type Parcel struct {
	Bottles  int     `json:"bottles"`
	WeightOz float64 `json:"weight_oz"`
}

// LabelRequest buys an outbound label.
type LabelRequest struct {
	From            Address `json:"from"`
	To              Address `json:"to"`
	Parcel          Parcel  `json:"parcel"`
	ServiceLevel    string  `json:"service_level"`
	AdultSignature  bool    `json:"adult_signature"`
	ContainsAlcohol bool    `json:"contains_alcohol"`
	Reference       string  `json:"reference"`
}

// Label is a purchased label.
type Label struct {
	ID             string    `json:"id"`
	Carrier        string    `json:"carrier"`
	ServiceLevel   string    `json:"service_level"`
	TrackingNumber string    `json:"tracking_number"`
	LabelURL       string    `json:"label_url"`
	CostCents      int64     `json:"cost_cents"`
	CreatedAt      time.Time `json:"created_at"`
}

// PurchaseLabel buys an outbound label.
func (c *Client) PurchaseLabel(ctx context.Context, req LabelRequest, opts ...RequestOption) (*Label, error) {
	var out Label
	if err := c.do(ctx, http.MethodPost, "/labels", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// ReturnLabelRequest buys a prepaid return label for an outbound shipment.
type ReturnLabelRequest struct {
	OriginalTracking string  `json:"original_tracking_number"`
	From             Address `json:"from"`
	To               Address `json:"to"`
	Parcel           Parcel  `json:"parcel"`
	Reason           string  `json:"reason"`
}

// PurchaseReturnLabel buys a return label.
func (c *Client) PurchaseReturnLabel(ctx context.Context, req ReturnLabelRequest, opts ...RequestOption) (*Label, error) {
	var out Label
	if err := c.do(ctx, http.MethodPost, "/returns", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// PickupRequest books a driver pickup at the warehouse.
type PickupRequest struct {
	Address      Address   `json:"address"`
	LabelIDs     []string  `json:"label_ids"`
	ReadyAt      time.Time `json:"ready_at"`
	CloseAt      time.Time `json:"close_at"`
	Instructions string    `json:"instructions,omitempty"`
}

// Pickup is a booked pickup.
type Pickup struct {
	ID           string    `json:"id"`
	Confirmation string    `json:"confirmation"`
	Window       time.Time `json:"window_start"`
	CostCents    int64     `json:"cost_cents"`
}

// SchedulePickup books a pickup.
func (c *Client) SchedulePickup(ctx context.Context, req PickupRequest, opts ...RequestOption) (*Pickup, error) {
	var out Pickup
	if err := c.do(ctx, http.MethodPost, "/pickups", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// Package events defines the subjects and payloads exchanged over
// JetStream with the store picking app, the driver app and partners.
package events

import (
	"time"

	"github.com/google/uuid"
)

const (
	PickingStarted     = "picking.started"
	PickingItemPicked  = "picking.item_picked"
	PickingSubstituted = "picking.substitution"
	PickingItemMissing = "picking.item_missing"
	PickingCompleted   = "picking.completed"
	PickingCancelled   = "picking.cancelled"

	DriverAssigned  = "driver.assigned"
	DriverHandedOff = "driver.handed_off"
	DriverDelivered = "driver.delivered"
	DriverFailed    = "driver.failed"
	DriverReturned  = "driver.returned"

	PartnerStockDelta = "partner.stock.delta"

	OrderPlaced    = "orders.placed"
	OrderReleased  = "orders.released"
	OrderCancelled = "orders.cancelled"
	OrderDelivered = "orders.delivered"
	OrderRebook    = "orders.rebook_requested"
)

// Every inbound event carries an EventID assigned by the producing app;
// it is stable across redeliveries.

type PickingStartedEvent struct {
	EventID   string    `json:"event_id"`
	OrderID   uuid.UUID `json:"order_id"`
	PickerID  string    `json:"picker_id"`
	StartedAt time.Time `json:"started_at"`
}

type ItemPickedEvent struct {
	EventID   string    `json:"event_id"`
	OrderID   uuid.UUID `json:"order_id"`
	LineID    uuid.UUID `json:"line_id"`
	PickedQty int       `json:"picked_qty"`
	ScannedAt time.Time `json:"scanned_at"`
}

type SubstitutionEvent struct {
	EventID        string    `json:"event_id"`
	OrderID        uuid.UUID `json:"order_id"`
	LineID         uuid.UUID `json:"line_id"`
	SubstituteSKU  string    `json:"substitute_sku"`
	SubstituteName string    `json:"substitute_name"`
	Quantity       int       `json:"quantity"`
	UnitPricePence int64     `json:"unit_price_pence"`
}

type ItemMissingEvent struct {
	EventID    string    `json:"event_id"`
	OrderID    uuid.UUID `json:"order_id"`
	LineID     uuid.UUID `json:"line_id"`
	MissingQty int       `json:"missing_qty"`
	ReportedAt time.Time `json:"reported_at"`
}

type PickingCompletedEvent struct {
	EventID     string    `json:"event_id"`
	OrderID     uuid.UUID `json:"order_id"`
	BagCount    int       `json:"bag_count"`
	CompletedAt time.Time `json:"completed_at"`
}

type PickingCancelledEvent struct {
	EventID string    `json:"event_id"`
	OrderID uuid.UUID `json:"order_id"`
	Reason  string    `json:"reason"`
}

type DriverAssignedEvent struct {
	EventID    string    `json:"event_id"`
	OrderID    uuid.UUID `json:"order_id"`
	DriverID   string    `json:"driver_id"`
	DriverName string    `json:"driver_name"`
	VehicleReg string    `json:"vehicle_reg"`
	ETA        time.Time `json:"eta"`
	AssignedAt time.Time `json:"assigned_at"`
}

type DriverHandedOffEvent struct {
	EventID  string    `json:"event_id"`
	OrderID  uuid.UUID `json:"order_id"`
	DriverID string    `json:"driver_id"`
	StoreID  string    `json:"store_id"`
	BagCount int       `json:"bag_count"`
	HandedAt time.Time `json:"handed_at"`
}

type DriverDeliveredEvent struct {
	EventID     string    `json:"event_id"`
	OrderID     uuid.UUID `json:"order_id"`
	DriverID    string    `json:"driver_id"`
	DeliveredAt time.Time `json:"delivered_at"`
	ProofURL    string    `json:"proof_url,omitempty"`
}

type DriverFailedEvent struct {
	EventID    string    `json:"event_id"`
	OrderID    uuid.UUID `json:"order_id"`
	DriverID   string    `json:"driver_id"`
	Reason     string    `json:"reason"`
	OccurredAt time.Time `json:"occurred_at"`
}

type ReturnedLine struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

type DriverReturnedEvent struct {
	EventID    string         `json:"event_id"`
	OrderID    uuid.UUID      `json:"order_id"`
	DriverID   string         `json:"driver_id"`
	StoreID    string         `json:"store_id"`
	Items      []ReturnedLine `json:"items"`
	ReturnedAt time.Time      `json:"returned_at"`
}

type StockDelta struct {
	SKU   string `json:"sku"`
	Delta int    `json:"delta"`
}

// StockDeltaBatch is published by the partner bridge. Seq increases by one
// per batch and per partner.
type StockDeltaBatch struct {
	PartnerID string       `json:"partner_id"`
	StoreID   string       `json:"store_id"`
	Seq       int64        `json:"seq"`
	Deltas    []StockDelta `json:"deltas"`
}

// Outbound events.

type OrderPlacedEvent struct {
	OrderID    uuid.UUID `json:"order_id"`
	CustomerID uuid.UUID `json:"customer_id"`
	StoreID    string    `json:"store_id"`
	TotalPence int64     `json:"total_pence"`
}

type OrderCancelledEvent struct {
	OrderID uuid.UUID `json:"order_id"`
	Reason  string    `json:"reason"`
}

type OrderDeliveredEvent struct {
	OrderID     uuid.UUID `json:"order_id"`
	CustomerID  uuid.UUID `json:"customer_id"`
	DeliveredAt time.Time `json:"delivered_at"`
	FinalPence  int64     `json:"final_pence"`
	Points      int64     `json:"points_earned"`
}

type RebookRequestedEvent struct {
	OrderID uuid.UUID `json:"order_id"`
	Reason  string    `json:"reason"`
}

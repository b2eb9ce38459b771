package domain

import "time"

// Store events published by the in-store systems on JetStream.

// InventoryAdjusted is published when a store corrects stock on hand.
type InventoryAdjusted struct {
	EventID string    `json:"event_id"`
	StoreID string    `json:"store_id"`
	SKU     string    `json:"sku"`
	Delta   int       `json:"delta"`
	Reason  string    `json:"reason"`
	At      time.Time `json:"at"`
}

// OrderPackedInStore is published when store staff pack an order on a
// store-run lane instead of the picker app.
type OrderPackedInStore struct {
	OrderID string    `json:"order_id"`
	StoreID string    `json:"store_id"`
	Bags    int       `json:"bags"`
	At      time.Time `json:"at"`
}

// OrderCollected is published when the driver scans the bags at the door.
type OrderCollected struct {
	OrderID  string    `json:"order_id"`
	StoreID  string    `json:"store_id"`
	DriverID string    `json:"driver_id"`
	At       time.Time `json:"at"`
}

// SlotClosed is published when a store closes a delivery slot early.
type SlotClosed struct {
	SlotID  int64  `json:"slot_id"`
	StoreID string `json:"store_id"`
	Reason  string `json:"reason"`
}

// SubstitutionApproved is published by the store system when the customer
// accepts a proposed substitute on the store kiosk or phone line.
type SubstitutionApproved struct {
	OrderID        string `json:"order_id"`
	LineNo         int    `json:"line_no"`
	SubstituteSKU  string `json:"substitute_sku"`
	UnitPriceCents int64  `json:"unit_price_cents"`
	Quantity       int    `json:"quantity"`
}

// OrderRejectedByStore is published when a store cannot fulfil an order.
type OrderRejectedByStore struct {
	OrderID string `json:"order_id"`
	StoreID string `json:"store_id"`
	Reason  string `json:"reason"`
}

package domain

import "time"

// Warehouse event payloads as published on the warehouse.* topics. The
// partner's webhook envelope is unwrapped by the ingress and the data
// object is forwarded as the message value; EventID travels in a header
// and is copied here by the consumer.

type ShipmentDispatched struct {
	EventID        string         `json:"-"`
	ShipmentID     string         `json:"shipment_id"`
	ClientOrderRef string         `json:"client_order_ref"`
	Carrier        string         `json:"carrier"`
	TrackingNumber string         `json:"tracking_number"`
	ShippedAt      time.Time      `json:"shipped_at"`
	Lines          []ShipmentLine `json:"lines"`
}

type ShipmentLine struct {
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
}

type InventoryEvent struct {
	EventID    string    `json:"-"`
	Type       string    `json:"type"`
	SKU        string    `json:"sku"`
	Quantity   int32     `json:"quantity"`
	OccurredAt time.Time `json:"occurred_at"`
}

type ReturnReceived struct {
	EventID        string    `json:"-"`
	ReturnID       string    `json:"return_id"`
	ClientOrderRef string    `json:"client_order_ref"`
	SKU            string    `json:"sku"`
	Quantity       int32     `json:"quantity"`
	Condition      string    `json:"condition"`
	ReceivedAt     time.Time `json:"received_at"`
}

type DeliveryException struct {
	EventID    string    `json:"-"`
	ShipmentID string    `json:"shipment_id"`
	Code       string    `json:"code"`
	Detail     string    `json:"detail"`
	OccurredAt time.Time `json:"occurred_at"`
}

// Exception codes for which the warehouse re-sends the parcel.
const (
	ExceptionLost    = "lost_in_transit"
	ExceptionDamaged = "damaged_in_transit"
)

type ParcelDelivered struct {
	EventID     string    `json:"-"`
	ShipmentID  string    `json:"shipment_id"`
	DeliveredAt time.Time `json:"delivered_at"`
}

type BackorderDelayed struct {
	EventID          string    `json:"-"`
	SKU              string    `json:"sku"`
	ExpectedShipDate time.Time `json:"expected_ship_date"`
	Reason           string    `json:"reason"`
}

type LineCancelled struct {
	EventID        string `json:"-"`
	ClientOrderRef string `json:"client_order_ref"`
	SKU            string `json:"sku"`
	Reason         string `json:"reason"`
}

// OrderAuthorized is published on merch.orders.v1 through the outbox.
type OrderAuthorizedMessage struct {
	MessageID string `json:"-"`
	OrderID   string `json:"order_id"`
}

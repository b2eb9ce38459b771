package domain

import (
	"time"

	"github.com/google/uuid"
)

// Route is one van's run on a given day.
type Route struct {
	ID           uuid.UUID  `db:"id" json:"id"`
	RouteDate    time.Time  `db:"route_date" json:"route_date"`
	VanCode      string     `db:"van_code" json:"van_code"`
	DriverName   string     `db:"driver_name" json:"driver_name"`
	Status       string     `db:"status" json:"status"`
	DispatchedAt *time.Time `db:"dispatched_at" json:"dispatched_at,omitempty"`
}

// Delivery is one stop on a route.
type Delivery struct {
	ID           uuid.UUID  `db:"id" json:"id"`
	OrderID      uuid.UUID  `db:"order_id" json:"order_id"`
	RouteID      uuid.UUID  `db:"route_id" json:"route_id"`
	StopSeq      int        `db:"stop_seq" json:"stop_seq"`
	Status       string     `db:"status" json:"status"`
	DispatchedAt *time.Time `db:"dispatched_at" json:"dispatched_at,omitempty"`
	DeliveredAt  *time.Time `db:"delivered_at" json:"delivered_at,omitempty"`
	FailedReason *string    `db:"failed_reason" json:"failed_reason,omitempty"`
	NotifiedAt   *time.Time `db:"notified_at" json:"notified_at,omitempty"`
}

// ProofOfDelivery is what the driver captures at the door.
type ProofOfDelivery struct {
	DeliveryID   uuid.UUID `db:"delivery_id" json:"delivery_id"`
	ReceivedBy   string    `db:"received_by" json:"received_by"`
	SignatureURL string    `db:"signature_url" json:"signature_url"`
	PhotoURL     string    `db:"photo_url" json:"photo_url"`
	Latitude     *float64  `db:"latitude" json:"latitude,omitempty"`
	Longitude    *float64  `db:"longitude" json:"longitude,omitempty"`
	DeliveredAt  time.Time `db:"delivered_at" json:"delivered_at"`
}

// ShortLine is a product delivered short or damaged.
type ShortLine struct {
	ProductID uuid.UUID `json:"product_id"`
	Quantity  int       `json:"quantity"`
	Damaged   bool      `json:"damaged"`
}

// Stop is a delivery joined with what the driver and customer need to see.
type Stop struct {
	DeliveryID    uuid.UUID `db:"delivery_id"`
	OrderID       uuid.UUID `db:"order_id"`
	CustomerID    uuid.UUID `db:"customer_id"`
	CustomerName  string    `db:"customer_name"`
	BillingEmail  string    `db:"billing_email"`
	StopSeq       int       `db:"stop_seq"`
	DeliveryDate  time.Time `db:"delivery_date"`
	DeliveryState string    `db:"status"`
}

// Delivery event types published on the DELIVERIES stream.
const (
	EventDispatched     = "delivery.dispatched"
	EventDelivered      = "delivery.delivered"
	EventShort          = "delivery.short"
	EventFailed         = "delivery.failed"
	EventCratesReturned = "delivery.crates_returned"
)

// DeliveryEvent is the JSON body of every message on the DELIVERIES stream.
type DeliveryEvent struct {
	Type       string           `json:"type"`
	DeliveryID uuid.UUID        `json:"delivery_id"`
	OrderID    uuid.UUID        `json:"order_id"`
	CustomerID uuid.UUID        `json:"customer_id"`
	RouteID    uuid.UUID        `json:"route_id"`
	Driver     string           `json:"driver,omitempty"`
	OccurredAt time.Time        `json:"occurred_at"`
	Proof      *ProofOfDelivery `json:"proof,omitempty"`
	Short      []ShortLine      `json:"short,omitempty"`
	Reason     string           `json:"reason,omitempty"`
	Crates     int              `json:"crates,omitempty"`
}

// DeliveryEnvelope is an event together with its transport metadata.
type DeliveryEnvelope struct {
	MsgID     string
	Subject   string
	Delivered uint64
	Event     DeliveryEvent
}

// Subject returns the NATS subject an event type is published on.
func Subject(eventType string) string { return eventType }

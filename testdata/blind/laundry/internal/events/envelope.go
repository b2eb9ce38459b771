package events

import (
	"encoding/json"
	"fmt"
	"time"
)

const (
	TopicOrders   = "laundry.orders"
	TopicPayments = "laundry.payments"
)

const (
	OrderPlaced     = "order.placed"
	OrderCancelled  = "order.cancelled"
	OrderDelivered  = "order.delivered"
	PickupCompleted = "pickup.completed"
	PickupFailed    = "pickup.failed"
	PaymentCaptured = "payment.captured"
)

// Envelope is the wire format of every Kafka event. ID is the event's
// identity; consumers that keep an inbox key it on ID.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	OrderID    string          `json:"order_id,omitempty"`
	CustomerID string          `json:"customer_id,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"`
}

func New(id, typ, orderID, customerID string, data any) (Envelope, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return Envelope{}, fmt.Errorf("events: marshal %s: %w", typ, err)
	}
	return Envelope{
		ID:         id,
		Type:       typ,
		OccurredAt: time.Now().UTC(),
		OrderID:    orderID,
		CustomerID: customerID,
		Data:       raw,
	}, nil
}

type OrderPlacedData struct {
	ServiceType string    `json:"service_type"`
	PickupFrom  time.Time `json:"pickup_from"`
	PickupTo    time.Time `json:"pickup_to"`
	Phone       string    `json:"phone"`
}

type OrderCancelledData struct {
	Reason string `json:"reason"`
}

type OrderDeliveredData struct {
	DriverID    string    `json:"driver_id"`
	DeliveredAt time.Time `json:"delivered_at"`
	BookingID   string    `json:"booking_id"`
	TipCents    int64     `json:"tip_cents"`
}

type PickupCompletedData struct {
	BookingID string    `json:"booking_id"`
	Bags      int       `json:"bags"`
	PickedAt  time.Time `json:"picked_at"`
}

type PickupFailedData struct {
	BookingID string `json:"booking_id"`
	Reason    string `json:"reason"`
}

type PaymentCapturedData struct {
	PaymentID   string `json:"payment_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

func (e Envelope) EventID() string   { return e.ID }
func (e Envelope) EventType() string { return e.Type }
func (e Envelope) JSON() ([]byte, error) {
	return json.Marshal(e)
}

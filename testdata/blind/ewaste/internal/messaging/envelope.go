// Package messaging carries domain events between the API, the worker and
// the outside world: an SNS publisher, an SQS producer and the shared
// envelope and payload types.
package messaging

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// Message types. The SQS poller dispatches on these.
const (
	TypeShipmentDelivered = "shipment.delivered"
	TypeDeviceReceived    = "device.received"
	TypeDeviceGraded      = "device.graded"
	TypeWipeCompleted     = "wipe.completed"
	TypeListingRequested  = "listing.requested"
	TypeOrderReceived     = "order.received"
	TypeOrderCancelled    = "order.cancelled"
	TypeFulfilmentShipped = "fulfilment.shipped"
	TypeQuoteExpired      = "quote.expired"
	TypePayoutSubmitted   = "payout.submitted"
	TypePayoutSettled     = "payout.settled"
	TypePayoutFailed      = "payout.failed"
	TypeCustomerNotify    = "customer.notify"
)

// Envelope wraps every event on the bus. ID is assigned once, when the
// event is first recorded, and survives redelivery.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

// Decode unmarshals the payload into v.
func (e Envelope) Decode(v any) error {
	if err := json.Unmarshal(e.Payload, v); err != nil {
		return fmt.Errorf("decode %s payload: %w", e.Type, err)
	}
	return nil
}

type ShipmentDelivered struct {
	ShipmentID     uuid.UUID `json:"shipment_id"`
	TradeInID      uuid.UUID `json:"trade_in_id"`
	Carrier        string    `json:"carrier"`
	TrackingNumber string    `json:"tracking_number"`
	DeliveredAt    time.Time `json:"delivered_at"`
}

type DeviceReceived struct {
	DeviceID  uuid.UUID `json:"device_id"`
	TradeInID uuid.UUID `json:"trade_in_id"`
}

type DeviceGraded struct {
	DeviceID  uuid.UUID `json:"device_id"`
	TradeInID uuid.UUID `json:"trade_in_id"`
	GradingID uuid.UUID `json:"grading_id"`
	Round     int       `json:"round"`
	Grade     string    `json:"grade"`
}

type WipeCompleted struct {
	WipeJobID uuid.UUID `json:"wipe_job_id"`
	DeviceID  uuid.UUID `json:"device_id"`
	Status    string    `json:"status"`
}

type ListingRequested struct {
	RequestID   string    `json:"request_id"`
	DeviceID    uuid.UUID `json:"device_id"`
	RequestedBy string    `json:"requested_by"`
}

type OrderReceived struct {
	SalesOrderID    uuid.UUID `json:"sales_order_id"`
	ExternalOrderID string    `json:"external_order_id"`
	DeviceID        uuid.UUID `json:"device_id"`
}

type OrderCancelled struct {
	SalesOrderID uuid.UUID `json:"sales_order_id"`
	Reason       string    `json:"reason"`
}

type FulfilmentShipped struct {
	FulfilmentID uuid.UUID `json:"fulfilment_id"`
	PackedBy     string    `json:"packed_by"`
	ScannedAt    time.Time `json:"scanned_at"`
}

type QuoteExpired struct {
	QuoteID uuid.UUID `json:"quote_id"`
}

type PayoutEvent struct {
	PayoutID    uuid.UUID `json:"payout_id"`
	TradeInID   uuid.UUID `json:"trade_in_id"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	Status      string    `json:"status"`
	Reason      string    `json:"reason,omitempty"`
}

type CustomerNotify struct {
	CustomerID uuid.UUID         `json:"customer_id"`
	Template   string            `json:"template"`
	Vars       map[string]string `json:"vars"`
}

// Package events defines the Kafka event envelope and the event types that
// flow between the API, the relay and the consumer.
package events

import (
	"encoding/json"
	"time"
)

// Event types.
const (
	PaymentSucceeded = "payment.succeeded"
	PaymentFailed    = "payment.failed"
	PaymentRefunded  = "payment.refunded"

	ShipmentReady          = "shipment.ready"
	ShipmentLabelPurchased = "shipment.label_purchased"
	ShipmentDelivered      = "shipment.delivered"
	ShipmentReturned       = "shipment.returned"
)

// Envelope wraps every message body.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// PaymentSucceededData is the payload of payment.succeeded.
type PaymentSucceededData struct {
	ChargeID        string `json:"charge_id"`
	AllocationID    string `json:"allocation_id"`
	MemberID        string `json:"member_id"`
	PaymentIntentID string `json:"payment_intent_id"`
	AmountCents     int64  `json:"amount_cents"`
}

// PaymentRefundedData is the payload of payment.refunded.
type PaymentRefundedData struct {
	ChargeID       string `json:"charge_id"`
	MemberID       string `json:"member_id"`
	StripeRefundID string `json:"stripe_refund_id"`
	AmountCents    int64  `json:"amount_cents"`
	AsCredit       bool   `json:"as_credit"`
	Reason         string `json:"reason"`
}

// ShipmentReadyData is the payload of shipment.ready.
type ShipmentReadyData struct {
	ShipmentID   string `json:"shipment_id"`
	AllocationID string `json:"allocation_id"`
	MemberID     string `json:"member_id"`
}

// LabelPurchasedData is the payload of shipment.label_purchased.
type LabelPurchasedData struct {
	ShipmentID     string `json:"shipment_id"`
	LabelID        string `json:"label_id"`
	TrackingNumber string `json:"tracking_number"`
}

// DeliveredData is the payload of shipment.delivered.
type DeliveredData struct {
	ShipmentID     string    `json:"shipment_id"`
	TrackingNumber string    `json:"tracking_number"`
	DeliveredAt    time.Time `json:"delivered_at"`
	SignedBy       string    `json:"signed_by"`
	AdultSignature bool      `json:"adult_signature"`
}

// ReturnedData is the payload of shipment.returned.
type ReturnedData struct {
	ShipmentID string         `json:"shipment_id"`
	Reason     string         `json:"reason"`
	Bottles    map[string]int `json:"bottles"`
}

// Package sqsbus carries requests between printd and labeld over SQS.
package sqsbus

import (
	"time"

	"github.com/rs/xid"
)

const (
	TypeLabelPurchase     = "label.purchase"
	TypeLabelVoid         = "label.void"
	TypeShipmentDelivered = "shipment.delivered"
	TypeShipmentException = "shipment.exception"
)

// LabelPurchase asks labeld to buy an outbound label. RequestID identifies
// the request end to end: labeld keys the shipment row on it.
type LabelPurchase struct {
	RequestID   string    `json:"request_id"`
	OrderID     string    `json:"order_id"`
	PrintJobID  string    `json:"print_job_id"`
	ParcelSeq   int       `json:"parcel_seq"`
	Service     string    `json:"service,omitempty"`
	WeightOz    float64   `json:"weight_oz"`
	RequestedAt time.Time `json:"requested_at"`
}

// NewLabelPurchase stamps a new request.
func NewLabelPurchase(orderID, printJobID string, parcelSeq int, weightOz float64) LabelPurchase {
	return LabelPurchase{
		RequestID:   xid.New().String(),
		OrderID:     orderID,
		PrintJobID:  printJobID,
		ParcelSeq:   parcelSeq,
		WeightOz:    weightOz,
		RequestedAt: time.Now().UTC(),
	}
}

type LabelVoid struct {
	ShipmentID string `json:"shipment_id"`
	OrderID    string `json:"order_id"`
	Reason     string `json:"reason"`
}

// OrderEvent is published by printd for carrier-driven order milestones.
type OrderEvent struct {
	Type         string    `json:"type"`
	EventID      string    `json:"event_id"`
	OrderID      string    `json:"order_id"`
	ShipmentID   string    `json:"shipment_id"`
	MerchantID   string    `json:"merchant_id"`
	TrackingCode string    `json:"tracking_code"`
	OccurredAt   time.Time `json:"occurred_at"`
}

// Package events defines the JetStream streams, subjects and payloads the
// service publishes and consumes.
package events

import "time"

// Streams.
const (
	StreamEscrow   = "ESCROW"
	StreamShipping = "SHIPPING"
	StreamDisputes = "DISPUTES"
	StreamPayouts  = "PAYOUTS"
)

// Subjects.
const (
	SubjectEscrowCaptured     = "escrow.captured"
	SubjectEscrowCancelled    = "escrow.cancelled"
	SubjectShipmentDelivered  = "shipping.delivered"
	SubjectDisputeOpened      = "dispute.opened"
	SubjectPayoutPaid         = "payout.paid"
	SubjectPayoutBatchCreated = "payout.batch.created"
)

// EscrowCaptured is published once the buyer's funds are captured.
type EscrowCaptured struct {
	EscrowID    string `json:"escrow_id"`
	SellerID    string `json:"seller_id"`
	AmountCents int64  `json:"amount_cents"`
	FeeCents    int64  `json:"fee_cents"`
	Currency    string `json:"currency"`
}

// EscrowCancelled is published when an escrow is voided before capture.
type EscrowCancelled struct {
	EscrowID string `json:"escrow_id"`
	OrderID  string `json:"order_id"`
}

// ShipmentDelivered is published when the shipping partner confirms delivery.
type ShipmentDelivered struct {
	EventID        string    `json:"event_id"`
	EscrowID       string    `json:"escrow_id"`
	TrackingNumber string    `json:"tracking_number"`
	DeliveredAt    time.Time `json:"delivered_at"`
}

// DisputeOpened is published when a buyer opens a dispute.
type DisputeOpened struct {
	DisputeID string `json:"dispute_id"`
	EscrowID  string `json:"escrow_id"`
	SellerID  string `json:"seller_id"`
}

// PayoutPaid is published when a seller payout has been created at Stripe.
type PayoutPaid struct {
	PayoutItemID   int64  `json:"payout_item_id"`
	SellerID       string `json:"seller_id"`
	AmountCents    int64  `json:"amount_cents"`
	Currency       string `json:"currency"`
	StripePayoutID string `json:"stripe_payout_id"`
}

// PayoutBatchCreated summarises a daily batch for finance dashboards.
type PayoutBatchCreated struct {
	BatchID   int64  `json:"batch_id"`
	BatchDate string `json:"batch_date"`
	Items     int    `json:"items"`
}

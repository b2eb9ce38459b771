package domain

import "time"

// PurchaseCompleted is published by the POS / e-commerce platform on
// "purchases.completed.<store>".
type PurchaseCompleted struct {
	EventID       string    `json:"event_id"`
	PurchaseID    string    `json:"purchase_id"`
	CustomerRef   string    `json:"customer_ref"`
	StoreID       string    `json:"store_id"`
	AmountCents   int64     `json:"amount_cents"`
	Currency      string    `json:"currency"`
	FirstPurchase bool      `json:"first_purchase"`
	OccurredAt    time.Time `json:"occurred_at"`
}

// PurchaseRefunded is published on "purchases.refunded.<store>".
type PurchaseRefunded struct {
	EventID        string    `json:"event_id"`
	RefundID       string    `json:"refund_id"`
	PurchaseID     string    `json:"purchase_id"`
	CustomerRef    string    `json:"customer_ref"`
	RefundedCents  int64     `json:"refunded_cents"`
	PurchasedCents int64     `json:"purchased_cents"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// PartnerCallback is the envelope the fulfilment partner drops on our SQS
// queue for every order status change.
type PartnerCallback struct {
	Type            string    `json:"type"`
	PartnerOrderID  string    `json:"partner_order_id"`
	ClientReference string    `json:"client_reference"`
	Reason          string    `json:"reason,omitempty"`
	Carrier         string    `json:"carrier,omitempty"`
	TrackingNumber  string    `json:"tracking_number,omitempty"`
	OccurredAt      time.Time `json:"occurred_at"`
}

// Package dispatch is the client for SwiftCourier, the delivery partner
// that assigns couriers to orders.
package dispatch

import "time"

// Location is a pickup or dropoff point.
type Location struct {
	Address string `json:"address"`
	Phone   string `json:"phone"`
	Name    string `json:"name,omitempty"`
	Notes   string `json:"notes,omitempty"`
}

// DeliveryRequest asks the partner for a courier.
type DeliveryRequest struct {
	ExternalRef     string    `json:"external_ref"`
	Pickup          Location  `json:"pickup"`
	Dropoff         Location  `json:"dropoff"`
	OrderValueCents int64     `json:"order_value_cents"`
	ReadyAt         time.Time `json:"ready_at"`
	Items           int       `json:"item_count"`

	// IdempotencyKey, when set, is sent as the Idempotency-Key header.
	IdempotencyKey string `json:"-"`
}

// Delivery is the partner's view of a booked delivery.
type Delivery struct {
	ID          string     `json:"id"`
	Status      string     `json:"status"`
	FeeCents    int64      `json:"fee_cents"`
	TrackingURL string     `json:"tracking_url"`
	CourierID   string     `json:"courier_id,omitempty"`
	ETA         *time.Time `json:"eta,omitempty"`
}

// Tip is a gratuity passed through to the courier.
type Tip struct {
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Note        string `json:"note,omitempty"`
}

// Event is a webhook delivered by the partner.
type Event struct {
	ID         string     `json:"id"`
	Type       string     `json:"type"`
	DeliveryID string     `json:"delivery_id"`
	CourierID  string     `json:"courier_id,omitempty"`
	Status     string     `json:"status,omitempty"`
	Reason     string     `json:"reason,omitempty"`
	ETA        *time.Time `json:"eta,omitempty"`
	PayCents   int64      `json:"courier_pay_cents,omitempty"`
	OccurredAt time.Time  `json:"occurred_at"`
}

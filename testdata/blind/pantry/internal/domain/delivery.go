package domain

import (
	"time"

	"github.com/google/uuid"
)

// Delivery is the courier leg of an order.
type Delivery struct {
	OrderID         uuid.UUID
	ClientReference string
	BookingID       string
	Status          string
	TrackingURL     string
	UpdatedAt       time.Time
}

// Notification is a customer message keyed by order and purpose.
type Notification struct {
	OrderID uuid.UUID
	Kind    string
	Status  string
	Phone   string
}

// Notification statuses.
const (
	NotificationPending = "pending"
	NotificationSending = "sending"
	NotificationSent    = "sent"
	NotificationUnknown = "unknown"
)

// OutboxEvent is a partner-facing event written alongside a state change.
type OutboxEvent struct {
	ID          uuid.UUID
	RetailerID  string
	OrderID     uuid.UUID
	Type        string
	Payload     []byte
	CreatedAt   time.Time
	DeliveredAt *time.Time
}

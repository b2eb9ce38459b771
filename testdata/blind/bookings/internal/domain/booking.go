// Package domain holds the persistent models and the events exchanged
// between the bookings service and the rest of the platform.
package domain

import (
	"encoding/json"
	"time"
)

// Booking statuses.
const (
	StatusAwaitingPayment = "awaiting_payment"
	StatusConfirmed       = "confirmed"
	StatusTicketed        = "ticketed"
	StatusCancelled       = "cancelled"
	StatusPaymentFailed   = "payment_failed"
)

// Booking is a confirmed (or confirming) reservation of held seats.
type Booking struct {
	ID              string `gorm:"primaryKey;type:uuid"`
	HoldID          string `gorm:"type:uuid"`
	TripID          string
	CustomerID      string
	ContactEmail    string
	ContactPhone    string
	LoyaltyMemberID string
	FareClass       string
	Status          string
	TotalCents      int64
	RefundedCents   int64
	Currency        string
	CreatedAt       time.Time
	UpdatedAt       time.Time
	CancelledAt     *time.Time
}

// Cancellable reports whether the booking can still be cancelled.
func (b *Booking) Cancellable() bool {
	switch b.Status {
	case StatusConfirmed, StatusTicketed:
		return true
	}
	return false
}

// Idempotency record statuses.
const (
	IdemStarted   = "started"
	IdemCompleted = "completed"
)

// IdempotencyRecord remembers a caller-supplied Idempotency-Key.
type IdempotencyRecord struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	RequestHash  string
	Status       string
	ResourceID   string
	ResponseCode int
	ResponseBody json.RawMessage `gorm:"type:jsonb"`
	CreatedAt    time.Time
	CompletedAt  *time.Time
}

// TableName pins the table name.
func (IdempotencyRecord) TableName() string { return "idempotency_keys" }

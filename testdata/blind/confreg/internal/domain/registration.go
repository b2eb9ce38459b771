// Package domain holds the persistent types shared by services, stores and
// workers. Field tags follow gorm conventions; tables are created from
// internal/db/schema.sql, never by AutoMigrate.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// Registration statuses.
const (
	RegistrationPending   = "pending"
	RegistrationConfirmed = "confirmed"
	RegistrationCancelled = "cancelled"
)

// Ticket order statuses.
const (
	OrderHeld      = "held"
	OrderPaid      = "paid"
	OrderExpired   = "expired"
	OrderCancelled = "cancelled"
)

// Conference is one edition of an event.
type Conference struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	Slug         string
	Name         string
	StartsOn     time.Time `gorm:"type:date"`
	EndsOn       time.Time `gorm:"type:date"`
	Timezone     string
	Currency     string
	VenueAddress JSONMap `gorm:"type:jsonb"`
	CreatedAt    time.Time
}

// TicketType is a sellable ticket class with its own inventory counters.
type TicketType struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	ConferenceID uuid.UUID `gorm:"type:uuid"`
	Code         string
	Name         string
	PriceCents   int64
	Capacity     int
	Sold         int
	Held         int
}

// Registration is one attendee at one conference.
type Registration struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	ConferenceID       uuid.UUID `gorm:"type:uuid"`
	Email              string
	FullName           string
	Company            string
	JobTitle           string
	Status             string
	ConfirmedAt        *time.Time
	CancelledAt        *time.Time
	ConfirmationSentAt *time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// TicketOrder reserves Quantity tickets until HoldExpiresAt unless paid.
type TicketOrder struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	RegistrationID uuid.UUID `gorm:"type:uuid"`
	TicketTypeID   uuid.UUID `gorm:"type:uuid"`
	Quantity       int
	AmountCents    int64
	Currency       string
	Status         string
	HoldExpiresAt  time.Time
	PaidAt         *time.Time
	CreatedAt      time.Time
}

// Payment is a captured card charge for a ticket order.
type Payment struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	TicketOrderID    uuid.UUID `gorm:"type:uuid"`
	ProviderChargeID string
	AmountCents      int64
	Currency         string
	CreatedAt        time.Time
}

// Refund statuses.
const (
	RefundRequested = "requested"
	RefundSubmitted = "submitted"
	RefundCompleted = "completed"
	RefundFailed    = "failed"
)

// Refund returns money for a cancelled, paid order.
type Refund struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	TicketOrderID    uuid.UUID `gorm:"type:uuid"`
	PaymentID        uuid.UUID `gorm:"type:uuid"`
	AmountCents      int64
	Status           string
	ProviderRefundID *string
	Reason           string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// HoldReleaseRun records one nightly sweep of expired ticket holds.
type HoldReleaseRun struct {
	RunDate        time.Time `gorm:"type:date;primaryKey"`
	StartedAt      time.Time
	FinishedAt     *time.Time
	OrdersReleased int
}

// Errors the HTTP layer maps onto status codes.
var (
	ErrNotFound              = errors.New("not found")
	ErrConflict              = errors.New("conflict")
	ErrSoldOut               = errors.New("sold out")
	ErrRegistrationCancelled = errors.New("registration is cancelled")
	ErrAlreadyCancelled      = errors.New("registration already cancelled")
	ErrOrderNotPayable       = errors.New("order cannot be paid in its current state")
	ErrHoldExpired           = errors.New("ticket hold has expired")
	ErrPaymentDeclined       = errors.New("payment declined")
	ErrInvalidInput          = errors.New("invalid input")
)

// Badge statuses.
const (
	BadgePending   = "pending"
	BadgeSubmitted = "submitted"
	BadgePrinted   = "printed"
	BadgeShipped   = "shipped"
)

// Badge is the printed name badge for a confirmed registration.
type Badge struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	RegistrationID uuid.UUID `gorm:"type:uuid"`
	PrintName      string
	PrintCompany   string
	QRToken        string `gorm:"column:qr_token"`
	Status         string
	PrintJobID     *string
	ReprintCount   int
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// BadgeShipment is one parcel reported by the print shop.
type BadgeShipment struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	BadgeID        uuid.UUID `gorm:"type:uuid"`
	PrintJobID     string
	Carrier        string
	TrackingNumber string
	ShippedAt      time.Time
	CreatedAt      time.Time
}

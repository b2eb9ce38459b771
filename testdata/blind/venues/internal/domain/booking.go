// Package domain holds the entities shared by the API, the consumers and the
// workers, and the sentinel errors the HTTP layer maps to status codes.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrNotFound            = errors.New("not found")
	ErrConflict            = errors.New("conflict")
	ErrInvalid             = errors.New("invalid request")
	ErrDateUnavailable     = errors.New("venue date unavailable")
	ErrIdempotencyMismatch = errors.New("idempotency key reused with a different request")
	ErrPaymentDeclined     = errors.New("payment declined")
)

// ValidationError describes which field of a request is wrong.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Reason }

func (e *ValidationError) Unwrap() error { return ErrInvalid }

// Invalid is a shorthand for building a ValidationError.
func Invalid(field, reason string) error {
	return &ValidationError{Field: field, Reason: reason}
}

type BookingStatus string

const (
	BookingHeld      BookingStatus = "held"
	BookingConfirmed BookingStatus = "confirmed"
	BookingCancelled BookingStatus = "cancelled"
	BookingExpired   BookingStatus = "expired"
	BookingCompleted BookingStatus = "completed"
)

type DepositStatus string

const (
	DepositPending  DepositStatus = "pending"
	DepositPaid     DepositStatus = "paid"
	DepositFailed   DepositStatus = "failed"
	DepositRefunded DepositStatus = "refunded"
)

type Venue struct {
	ID            uuid.UUID `db:"id" json:"id"`
	Name          string    `db:"name" json:"name"`
	Timezone      string    `db:"timezone" json:"timezone"`
	VenueFeeCents int64     `db:"venue_fee_cents" json:"venue_fee_cents"`
	DepositCents  int64     `db:"deposit_cents" json:"deposit_cents"`
	Currency      string    `db:"currency" json:"currency"`
	CreatedAt     time.Time `db:"created_at" json:"created_at"`
}

type Couple struct {
	ID                uuid.UUID `db:"id" json:"id"`
	PrimaryName       string    `db:"primary_name" json:"primary_name"`
	PartnerName       string    `db:"partner_name" json:"partner_name"`
	Email             string    `db:"email" json:"email"`
	Phone             string    `db:"phone" json:"phone"`
	CardCustomerID    *string   `db:"card_customer_id" json:"-"`
	CardPaymentMethod *string   `db:"card_payment_method" json:"-"`
	CreatedAt         time.Time `db:"created_at" json:"created_at"`
	UpdatedAt         time.Time `db:"updated_at" json:"updated_at"`
}

// DisplayName is how the couple is addressed in emails and contracts.
func (c Couple) DisplayName() string {
	if c.PartnerName == "" {
		return c.PrimaryName
	}
	return c.PrimaryName + " & " + c.PartnerName
}

type Booking struct {
	ID              uuid.UUID     `db:"id" json:"id"`
	VenueID         uuid.UUID     `db:"venue_id" json:"venue_id"`
	CoupleID        uuid.UUID     `db:"couple_id" json:"couple_id"`
	EventDate       time.Time     `db:"event_date" json:"event_date"`
	Status          BookingStatus `db:"status" json:"status"`
	GuestCount      int           `db:"guest_count" json:"guest_count"`
	Notes           string        `db:"notes" json:"notes"`
	VenueFeeCents   int64         `db:"venue_fee_cents" json:"venue_fee_cents"`
	TotalCents      int64         `db:"total_cents" json:"total_cents"`
	PaidCents       int64         `db:"paid_cents" json:"paid_cents"`
	DepositCents    int64         `db:"deposit_cents" json:"deposit_cents"`
	DepositStatus   DepositStatus `db:"deposit_status" json:"deposit_status"`
	DepositChargeID *string       `db:"deposit_charge_id" json:"-"`
	Currency        string        `db:"currency" json:"currency"`
	HoldExpiresAt   time.Time     `db:"hold_expires_at" json:"hold_expires_at"`
	CreatedAt       time.Time     `db:"created_at" json:"created_at"`
	UpdatedAt       time.Time     `db:"updated_at" json:"updated_at"`
}

// Live reports whether the booking still occupies its venue date.
func (b Booking) Live() bool {
	return b.Status == BookingHeld || b.Status == BookingConfirmed
}

// BalanceCents is what the couple still owes.
func (b Booking) BalanceCents() int64 {
	if b.PaidCents >= b.TotalCents {
		return 0
	}
	return b.TotalCents - b.PaidCents
}

// DaysUntilEvent counts whole days from now to the event date.
func (b Booking) DaysUntilEvent(now time.Time) int {
	return int(b.EventDate.Sub(now.Truncate(24*time.Hour)).Hours() / 24)
}

// APIRequest is one line of the API access log.
type APIRequest struct {
	ID             uuid.UUID `db:"id"`
	Method         string    `db:"method"`
	Path           string    `db:"path"`
	Status         int       `db:"status"`
	IdempotencyKey *string   `db:"idempotency_key"`
	DurationMS     int64     `db:"duration_ms"`
	CreatedAt      time.Time `db:"created_at"`
}

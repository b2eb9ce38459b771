// Package domain holds the core types shared by the API, workers and
// repositories. It has no dependencies on transport or storage.
package domain

import (
	"errors"
	"time"
)

// BookingStatus is the lifecycle state of an hourly kitchen slot booking.
type BookingStatus string

const (
	BookingPending    BookingStatus = "pending"
	BookingConfirmed  BookingStatus = "confirmed"
	BookingInProgress BookingStatus = "in_progress"
	BookingCheckedOut BookingStatus = "checked_out"
	BookingCompleted  BookingStatus = "completed"
	BookingCancelled  BookingStatus = "cancelled"
)

// Booking is a renter's reservation of a kitchen for a contiguous block of hours.
type Booking struct {
	ID                 string        `db:"id" json:"id"`
	KitchenID          string        `db:"kitchen_id" json:"kitchen_id"`
	RenterID           string        `db:"renter_id" json:"renter_id"`
	RenterEmail        string        `db:"renter_email" json:"renter_email"`
	RenterName         string        `db:"renter_name" json:"renter_name"`
	StartsAt           time.Time     `db:"starts_at" json:"starts_at"`
	EndsAt             time.Time     `db:"ends_at" json:"ends_at"`
	Status             BookingStatus `db:"status" json:"status"`
	HourlyRateCents    int64         `db:"hourly_rate_cents" json:"hourly_rate_cents"`
	TotalCents         int64         `db:"total_cents" json:"total_cents"`
	Currency           string        `db:"currency" json:"currency"`
	MeterSessionID     *string       `db:"meter_session_id" json:"meter_session_id,omitempty"`
	ConfirmationSentAt *time.Time    `db:"confirmation_sent_at" json:"-"`
	ReminderSentAt     *time.Time    `db:"reminder_sent_at" json:"-"`
	CheckedOutAt       *time.Time    `db:"checked_out_at" json:"checked_out_at,omitempty"`
	CancelledAt        *time.Time    `db:"cancelled_at" json:"cancelled_at,omitempty"`
	CancelReason       *string       `db:"cancel_reason" json:"cancel_reason,omitempty"`
	CreatedAt          time.Time     `db:"created_at" json:"created_at"`
	UpdatedAt          time.Time     `db:"updated_at" json:"updated_at"`
}

// Hours returns the booked duration rounded up to whole hours.
func (b *Booking) Hours() int64 {
	d := b.EndsAt.Sub(b.StartsAt)
	h := int64(d / time.Hour)
	if d%time.Hour != 0 {
		h++
	}
	return h
}

// BookingCharge is an additional charge against a booking beyond the base
// rental (extensions, overtime, usage).
type BookingCharge struct {
	ID               string    `db:"id" json:"id"`
	BookingID        string    `db:"booking_id" json:"booking_id"`
	Kind             string    `db:"kind" json:"kind"`
	AmountCents      int64     `db:"amount_cents" json:"amount_cents"`
	Currency         string    `db:"currency" json:"currency"`
	ProviderChargeID string    `db:"provider_charge_id" json:"provider_charge_id"`
	Status           string    `db:"status" json:"status"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
}

// Kitchen is a commissary kitchen listed by a host.
type Kitchen struct {
	ID              string    `db:"id" json:"id"`
	HostID          string    `db:"host_id" json:"host_id"`
	Name            string    `db:"name" json:"name"`
	AddressLine     string    `db:"address_line" json:"address_line"`
	City            string    `db:"city" json:"city"`
	PostalCode      string    `db:"postal_code" json:"postal_code"`
	AccessNotes     string    `db:"access_notes" json:"-"`
	HourlyRateCents int64     `db:"hourly_rate_cents" json:"hourly_rate_cents"`
	DepositCents    int64     `db:"deposit_cents" json:"deposit_cents"`
	Currency        string    `db:"currency" json:"currency"`
	Timezone        string    `db:"timezone" json:"timezone"`
	Active          bool      `db:"active" json:"active"`
	CreatedAt       time.Time `db:"created_at" json:"created_at"`
}

// Host is a kitchen owner who receives payouts.
type Host struct {
	ID        string    `db:"id" json:"id"`
	Email     string    `db:"email" json:"email"`
	Name      string    `db:"name" json:"name"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
}

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrSlotUnavailable   = errors.New("kitchen slot unavailable")
	ErrInvalidTransition = errors.New("invalid status transition")
	ErrAlreadyCancelled  = errors.New("booking already cancelled")
	ErrValidation        = errors.New("validation failed")
	ErrClaimWindowClosed = errors.New("damage claim window closed")
	ErrNoPayoutAccount   = errors.New("host has no payout account")
)

// ValidationError describes a bad field in a request.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Reason }

func (e *ValidationError) Unwrap() error { return ErrValidation }

// Invalid is a shorthand for building a ValidationError.
func Invalid(field, reason string) error {
	return &ValidationError{Field: field, Reason: reason}
}

package domain

import (
	"time"

	"github.com/google/uuid"
)

type AppointmentStatus string

const (
	StatusBooked    AppointmentStatus = "booked"
	StatusConfirmed AppointmentStatus = "confirmed"
	StatusCompleted AppointmentStatus = "completed"
	StatusCancelled AppointmentStatus = "cancelled"
	StatusNoShow    AppointmentStatus = "no_show"
)

// Live reports whether the appointment still holds its slot.
func (s AppointmentStatus) Live() bool {
	return s == StatusBooked || s == StatusConfirmed
}

// FreeCancellationWindow is how long before the start a client can cancel
// and get the deposit back.
const FreeCancellationWindow = 24 * time.Hour

type Appointment struct {
	ID                  uuid.UUID         `db:"id" json:"id"`
	SalonID             uuid.UUID         `db:"salon_id" json:"salon_id"`
	StylistID           uuid.UUID         `db:"stylist_id" json:"stylist_id"`
	ClientID            uuid.UUID         `db:"client_id" json:"client_id"`
	ServiceID           uuid.UUID         `db:"service_id" json:"service_id"`
	StartsAt            time.Time         `db:"starts_at" json:"starts_at"`
	EndsAt              time.Time         `db:"ends_at" json:"ends_at"`
	Status              AppointmentStatus `db:"status" json:"status"`
	PriceCents          Cents             `db:"price_cents" json:"price_cents"`
	DepositCents        Cents             `db:"deposit_cents" json:"deposit_cents"`
	NoShowFeeCents      Cents             `db:"no_show_fee_cents" json:"no_show_fee_cents"`
	PaymentMethodID     *string           `db:"payment_method_id" json:"-"`
	Notes               string            `db:"notes" json:"notes"`
	ConfirmedAt         *time.Time        `db:"confirmed_at" json:"confirmed_at,omitempty"`
	CompletedAt         *time.Time        `db:"completed_at" json:"completed_at,omitempty"`
	CancelledAt         *time.Time        `db:"cancelled_at" json:"cancelled_at,omitempty"`
	CancelReason        *string           `db:"cancel_reason" json:"cancel_reason,omitempty"`
	CommissionAccruedAt *time.Time        `db:"commission_accrued_at" json:"-"`
	SettledAt           *time.Time        `db:"settled_at" json:"settled_at,omitempty"`
	CreatedAt           time.Time         `db:"created_at" json:"created_at"`
	UpdatedAt           time.Time         `db:"updated_at" json:"updated_at"`
}

// RefundableAt reports whether a cancellation at t gets the deposit back.
func (a *Appointment) RefundableAt(t time.Time) bool {
	return a.StartsAt.Sub(t) >= FreeCancellationWindow
}

// BalanceDue is what is left to pay at checkout once the deposit is counted.
func (a *Appointment) BalanceDue(depositPaid bool) Cents {
	if depositPaid {
		return a.PriceCents - a.DepositCents
	}
	return a.PriceCents
}

type SalonService struct {
	ID              uuid.UUID `db:"id"`
	SalonID         uuid.UUID `db:"salon_id"`
	Name            string    `db:"name"`
	DurationMinutes int       `db:"duration_minutes"`
	PriceCents      Cents     `db:"price_cents"`
	DepositCents    Cents     `db:"deposit_cents"`
	NoShowFeeCents  Cents     `db:"no_show_fee_cents"`
	Active          bool      `db:"active"`
}

type Stylist struct {
	ID              uuid.UUID `db:"id"`
	SalonID         uuid.UUID `db:"salon_id"`
	DisplayName     string    `db:"display_name"`
	Email           string    `db:"email"`
	Phone           string    `db:"phone"`
	IsFreelance     bool      `db:"is_freelance"`
	CommissionBPS   int       `db:"commission_bps"`
	PayoutAccountID *string   `db:"payout_account_id"`
	Active          bool      `db:"active"`
	CreatedAt       time.Time `db:"created_at"`
}

type Client struct {
	ID             uuid.UUID  `db:"id" json:"id"`
	Email          string     `db:"email" json:"email"`
	Phone          string     `db:"phone" json:"phone"`
	FullName       string     `db:"full_name" json:"full_name"`
	ReferredBy     *uuid.UUID `db:"referred_by" json:"referred_by,omitempty"`
	CardCustomerID *string    `db:"card_customer_id" json:"-"`
	CreatedAt      time.Time  `db:"created_at" json:"created_at"`
}

type WaitlistStatus string

const (
	WaitlistWaiting WaitlistStatus = "waiting"
	WaitlistOffered WaitlistStatus = "offered"
	WaitlistBooked  WaitlistStatus = "booked"
	WaitlistExpired WaitlistStatus = "expired"
)

type WaitlistEntry struct {
	ID                   uuid.UUID      `db:"id" json:"id"`
	SalonID              uuid.UUID      `db:"salon_id" json:"salon_id"`
	ClientID             uuid.UUID      `db:"client_id" json:"client_id"`
	ServiceID            uuid.UUID      `db:"service_id" json:"service_id"`
	StylistID            *uuid.UUID     `db:"stylist_id" json:"stylist_id,omitempty"`
	PreferredDate        time.Time      `db:"preferred_date" json:"preferred_date"`
	Status               WaitlistStatus `db:"status" json:"status"`
	OfferedAppointmentID *uuid.UUID     `db:"offered_appointment_id" json:"offered_appointment_id,omitempty"`
	CreatedAt            time.Time      `db:"created_at" json:"created_at"`
}

// Package store is the hand-written query layer (sqlc style) and the
// repositories built on top of it.
package store

import (
	"time"

	"github.com/google/uuid"
)

type Owner struct {
	ID                   uuid.UUID `db:"id"`
	FullName             string    `db:"full_name"`
	Phone                string    `db:"phone"`
	StripeCustomerID     string    `db:"stripe_customer_id"`
	DefaultPaymentMethod *string   `db:"default_payment_method"`
	CreatedAt            time.Time `db:"created_at"`
}

type Sitter struct {
	ID              uuid.UUID `db:"id"`
	FullName        string    `db:"full_name"`
	Phone           string    `db:"phone"`
	StripeAccountID *string   `db:"stripe_account_id"`
	HourlyRateCents int64     `db:"hourly_rate_cents"`
	RatingSum       int64     `db:"rating_sum"`
	RatingCount     int64     `db:"rating_count"`
	CreatedAt       time.Time `db:"created_at"`
}

type Booking struct {
	ID               uuid.UUID  `db:"id"`
	OwnerID          uuid.UUID  `db:"owner_id"`
	SitterID         uuid.UUID  `db:"sitter_id"`
	PetID            uuid.UUID  `db:"pet_id"`
	Kind             string     `db:"kind"`
	Status           string     `db:"status"`
	StartsAt         time.Time  `db:"starts_at"`
	EndsAt           time.Time  `db:"ends_at"`
	PriceCents       int64      `db:"price_cents"`
	Currency         string     `db:"currency"`
	LockID           *string    `db:"lock_id"`
	AccessCodeID     *string    `db:"access_code_id"`
	AccessCode       *string    `db:"access_code"`
	KeyFirstUsedAt   *time.Time `db:"key_first_used_at"`
	ReminderQueuedAt *time.Time `db:"reminder_queued_at"`
	AcceptedAt       *time.Time `db:"accepted_at"`
	CompletedAt      *time.Time `db:"completed_at"`
	CancelledAt      *time.Time `db:"cancelled_at"`
	CancelReason     *string    `db:"cancel_reason"`
	CreatedAt        time.Time  `db:"created_at"`
}

const (
	BookingRequested = "requested"
	BookingAccepted  = "accepted"
	BookingCompleted = "completed"
	BookingCancelled = "cancelled"
)

// BookingContact is the denormalised view the notification code needs.
type BookingContact struct {
	BookingID   uuid.UUID `db:"booking_id"`
	Kind        string    `db:"kind"`
	StartsAt    time.Time `db:"starts_at"`
	PetName     string    `db:"pet_name"`
	OwnerName   string    `db:"owner_name"`
	OwnerPhone  string    `db:"owner_phone"`
	SitterName  string    `db:"sitter_name"`
	SitterPhone string    `db:"sitter_phone"`
}

type Deposit struct {
	BookingID       uuid.UUID  `db:"booking_id"`
	PaymentIntentID string     `db:"payment_intent_id"`
	AmountCents     int64      `db:"amount_cents"`
	Currency        string     `db:"currency"`
	Status          string     `db:"status"`
	CapturedAt      *time.Time `db:"captured_at"`
	CreatedAt       time.Time  `db:"created_at"`
}

const (
	DepositPending  = "pending"
	DepositHeld     = "held"
	DepositCaptured = "captured"
	DepositReleased = "released"
)

type Refund struct {
	ID             uuid.UUID  `db:"id"`
	BookingID      uuid.UUID  `db:"booking_id"`
	AmountCents    int64      `db:"amount_cents"`
	Reason         string     `db:"reason"`
	Status         string     `db:"status"`
	StripeRefundID *string    `db:"stripe_refund_id"`
	CompletedAt    *time.Time `db:"completed_at"`
	CreatedAt      time.Time  `db:"created_at"`
}

type Tip struct {
	ID              uuid.UUID `db:"id"`
	BookingID       uuid.UUID `db:"booking_id"`
	RequestKey      string    `db:"request_key"`
	AmountCents     int64     `db:"amount_cents"`
	Status          string    `db:"status"`
	PaymentIntentID *string   `db:"payment_intent_id"`
	CreatedAt       time.Time `db:"created_at"`
}

type Earning struct {
	SitterID    uuid.UUID
	BookingID   uuid.UUID
	Kind        string
	AmountCents int64
}

type SitterBalance struct {
	SitterID    uuid.UUID `db:"sitter_id"`
	AmountCents int64     `db:"amount_cents"`
}

type Payout struct {
	ID               string     `db:"id"`
	SitterID         uuid.UUID  `db:"sitter_id"`
	PeriodStart      time.Time  `db:"period_start"`
	PeriodEnd        time.Time  `db:"period_end"`
	AmountCents      int64      `db:"amount_cents"`
	Currency         string     `db:"currency"`
	Status           string     `db:"status"`
	StripeTransferID *string    `db:"stripe_transfer_id"`
	PaidAt           *time.Time `db:"paid_at"`
	CreatedAt        time.Time  `db:"created_at"`
}

type Checkin struct {
	ID            uuid.UUID `db:"id"`
	BookingID     uuid.UUID `db:"booking_id"`
	SitterID      uuid.UUID `db:"sitter_id"`
	Kind          string    `db:"kind"`
	Lat           float64   `db:"lat"`
	Lng           float64   `db:"lng"`
	RecordedAt    time.Time `db:"recorded_at"`
	ClientEventID *string   `db:"client_event_id"`
	Note          *string   `db:"note"`
	CreatedAt     time.Time `db:"created_at"`
}

type Review struct {
	BookingID uuid.UUID `db:"booking_id"`
	OwnerID   uuid.UUID `db:"owner_id"`
	SitterID  uuid.UUID `db:"sitter_id"`
	Stars     int16     `db:"stars"`
	Body      string    `db:"body"`
	CreatedAt time.Time `db:"created_at"`
}

type SMSAttempt struct {
	ID                uuid.UUID
	ToPhone           string
	Purpose           string
	BookingID         *uuid.UUID
	ProviderMessageID *string
	Status            string
	Error             *string
}

type SMSReceipt struct {
	ProviderMessageID string
	Status            string
	ErrorCode         *string
	ReportedAt        time.Time
}

type StoredResponse struct {
	StatusCode int    `db:"status_code"`
	Body       []byte `db:"body"`
}

package domain

import (
	"database/sql"
	"time"
)

type AppointmentStatus string

const (
	AppointmentBooked    AppointmentStatus = "booked"
	AppointmentCheckedIn AppointmentStatus = "checked_in"
	AppointmentCompleted AppointmentStatus = "completed"
	AppointmentCancelled AppointmentStatus = "cancelled"
)

type Appointment struct {
	ID           string            `db:"id" json:"id"`
	ClinicID     string            `db:"clinic_id" json:"clinic_id"`
	VetID        string            `db:"vet_id" json:"vet_id"`
	PetID        string            `db:"pet_id" json:"pet_id"`
	OwnerID      string            `db:"owner_id" json:"owner_id"`
	StartsAt     time.Time         `db:"starts_at" json:"starts_at"`
	EndsAt       time.Time         `db:"ends_at" json:"ends_at"`
	Reason       string            `db:"reason" json:"reason"`
	Status       AppointmentStatus `db:"status" json:"status"`
	CheckedInAt  sql.NullTime      `db:"checked_in_at" json:"-"`
	CompletedAt  sql.NullTime      `db:"completed_at" json:"-"`
	CancelledAt  sql.NullTime      `db:"cancelled_at" json:"-"`
	CancelReason sql.NullString    `db:"cancel_reason" json:"-"`
	CreatedAt    time.Time         `db:"created_at" json:"created_at"`
	UpdatedAt    time.Time         `db:"updated_at" json:"updated_at"`
}

type DepositStatus string

const (
	DepositPending         DepositStatus = "pending"
	DepositRequiresCapture DepositStatus = "requires_action"
	DepositPaid            DepositStatus = "paid"
	DepositRefunded        DepositStatus = "refunded"
	DepositFailed          DepositStatus = "failed"
)

type Deposit struct {
	ID                    string         `db:"id" json:"id"`
	AppointmentID         string         `db:"appointment_id" json:"appointment_id"`
	AmountCents           int64          `db:"amount_cents" json:"amount_cents"`
	Currency              string         `db:"currency" json:"currency"`
	Status                DepositStatus  `db:"status" json:"status"`
	StripePaymentIntentID sql.NullString `db:"stripe_payment_intent_id" json:"-"`
	RefundedCents         int64          `db:"refunded_cents" json:"refunded_cents"`
	StripeRefundID        sql.NullString `db:"stripe_refund_id" json:"-"`
	CreatedAt             time.Time      `db:"created_at" json:"created_at"`
	UpdatedAt             time.Time      `db:"updated_at" json:"updated_at"`
}

// Reminder records one outbound reminder for an appointment.
type Reminder struct {
	ID                string         `db:"id"`
	AppointmentID     string         `db:"appointment_id"`
	Kind              string         `db:"kind"`
	Channel           string         `db:"channel"`
	Status            string         `db:"status"`
	ProviderMessageID sql.NullString `db:"provider_message_id"`
	SentAt            sql.NullTime   `db:"sent_at"`
	DeliveredAt       sql.NullTime   `db:"delivered_at"`
	Error             sql.NullString `db:"error"`
	CreatedAt         time.Time      `db:"created_at"`
}

// ReminderDue is a row of the reminder scan.
type ReminderDue struct {
	AppointmentID string    `db:"appointment_id"`
	StartsAt      time.Time `db:"starts_at"`
}

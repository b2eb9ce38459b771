package models

import (
	"time"

	"github.com/google/uuid"
)

const (
	AppointmentPendingDeposit = "pending_deposit"
	AppointmentBooked         = "booked"
	AppointmentCancelled      = "cancelled"
	AppointmentCompleted      = "completed"
	AppointmentNoShow         = "no_show"
)

type Appointment struct {
	ID                string
	PracticeID        uuid.UUID
	PatientID         uuid.UUID
	AssociateID       uuid.UUID
	OperatoryID       uuid.UUID
	StartsAt          time.Time
	EndsAt            time.Time
	ProcedureCode     string
	Status            string
	BookingRequestKey string
	ConfirmedAt       *time.Time
	CancelledAt       *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (Appointment) TableName() string { return "appointments" }

const (
	DepositPending           = "pending"
	DepositSucceeded         = "succeeded"
	DepositFailed            = "failed"
	DepositPartiallyRefunded = "partially_refunded"
	DepositRefunded          = "refunded"
)

type Deposit struct {
	ID              uuid.UUID
	AppointmentID   string
	AmountCents     int64
	PaymentIntentID string
	Status          string
	RefundedCents   int64
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (Deposit) TableName() string { return "deposits" }

type ReminderSend struct {
	ID                uuid.UUID
	AppointmentID     string
	Kind              string
	ProviderMessageID *string
	SentAt            *time.Time
	CreatedAt         time.Time
}

func (ReminderSend) TableName() string { return "reminder_sends" }

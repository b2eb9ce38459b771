package models

import (
	"time"

	"github.com/google/uuid"
)

const (
	StatementGenerated = "generated"
	StatementMailed    = "mailed"
	StatementPaid      = "paid"
	StatementVoid      = "void"
)

type Statement struct {
	ID             string
	PracticeID     uuid.UUID
	PatientID      uuid.UUID
	CycleDate      time.Time `gorm:"type:date"`
	BalanceCents   int64
	Status         string
	PostalLetterID *string
	MailedAt       *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (Statement) TableName() string { return "statements" }

type Payment struct {
	ID                    uuid.UUID
	PatientID             uuid.UUID
	StatementID           *string
	AmountCents           int64
	StripePaymentIntentID string
	Status                string
	CreatedAt             time.Time
}

func (Payment) TableName() string { return "payments" }

type AccountAdjustment struct {
	ID          uuid.UUID
	PatientID   uuid.UUID
	AmountCents int64
	Reason      string
	Note        *string
	CreatedBy   string
	CreatedAt   time.Time
}

func (AccountAdjustment) TableName() string { return "account_adjustments" }

type ProcessedStripeEvent struct {
	EventID     string `gorm:"primaryKey"`
	Type        string
	ProcessedAt time.Time `gorm:"autoCreateTime"`
}

func (ProcessedStripeEvent) TableName() string { return "processed_stripe_events" }

const (
	PayoutPending = "pending"
	PayoutPaid    = "paid"
	PayoutFailed  = "failed"

	EarningPatientPayment   = "patient_payment"
	EarningInsurancePayment = "insurance_payment"
)

type Payout struct {
	ID               string
	AssociateID      uuid.UUID
	PeriodEnd        time.Time `gorm:"type:date"`
	AmountCents      int64
	Status           string
	StripeTransferID *string
	CreatedAt        time.Time
	PaidAt           *time.Time
}

func (Payout) TableName() string { return "payouts" }

type AssociateEarning struct {
	ID          uuid.UUID
	AssociateID uuid.UUID
	Source      string
	SourceRef   string
	AmountCents int64
	PayoutID    *string
	EarnedAt    time.Time
}

func (AssociateEarning) TableName() string { return "associate_earnings" }

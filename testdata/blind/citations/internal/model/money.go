package model

import "time"

// Fee kinds.
const (
	FeeLate1      = "late_1"
	FeeLate2      = "late_2"
	FeeHold       = "registration_hold"
	FeeCollection = "collections"
)

// Ledger entry kinds. Amounts are signed: charges positive, credits negative.
const (
	LedgerFine       = "fine"
	LedgerFee        = "fee"
	LedgerPayment    = "payment"
	LedgerRefund     = "refund"
	LedgerAdjustment = "adjustment"
	LedgerRemittance = "collections_remittance"
)

type Fee struct {
	ID          string `gorm:"primaryKey;type:text"`
	CitationID  string `gorm:"not null;index:fees_citation_idx"`
	Kind        string `gorm:"not null"`
	AmountCents int64  `gorm:"not null"`
	AssessedAt  time.Time
}

type LedgerEntry struct {
	ID          string `gorm:"primaryKey;type:text"`
	CitationID  string `gorm:"not null;index:ledger_entries_citation_idx,priority:1"`
	Kind        string `gorm:"not null"`
	AmountCents int64  `gorm:"not null"`
	Source      string `gorm:"not null"`
	SourceRef   string `gorm:"not null;default:''"`
	CreatedAt   time.Time
}

func (LedgerEntry) TableName() string { return "ledger_entries" }

// Payment intent statuses.
const (
	IntentCreated   = "created"
	IntentSucceeded = "succeeded"
	IntentFailed    = "failed"
)

type PaymentIntent struct {
	ID                string  `gorm:"primaryKey;type:text"`
	IdempotencyKey    string  `gorm:"not null;uniqueIndex:payment_intents_key_uq"`
	CitationID        string  `gorm:"not null"`
	AmountCents       int64   `gorm:"not null"`
	CardToken         string  `gorm:"not null"`
	Status            string  `gorm:"not null;default:created"`
	ProcessorChargeID *string `gorm:"column:processor_charge_id"`
	FailureCode       string  `gorm:"not null;default:''"`
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

type Payment struct {
	ID                string `gorm:"primaryKey;type:text"`
	CitationID        string `gorm:"not null;index:payments_citation_idx"`
	ProcessorChargeID string `gorm:"column:processor_charge_id;not null;uniqueIndex:payments_charge_uq"`
	AmountCents       int64  `gorm:"not null"`
	Channel           string `gorm:"not null"`
	Status            string `gorm:"not null;default:posted"`
	PostedAt          time.Time
}

type Refund struct {
	ID                string  `gorm:"primaryKey;type:text"`
	IdempotencyKey    *string `gorm:"uniqueIndex:refunds_key_uq,where:idempotency_key IS NOT NULL"`
	CitationID        string  `gorm:"not null"`
	PaymentID         string  `gorm:"not null"`
	AmountCents       int64   `gorm:"not null"`
	Reason            string  `gorm:"not null"`
	Status            string  `gorm:"not null;default:requested"`
	ProcessorRefundID *string `gorm:"column:processor_refund_id"`
	RequestedBy       string  `gorm:"not null;default:system"`
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// Plan statuses.
const (
	PlanActive    = "active"
	PlanCompleted = "completed"
	PlanCancelled = "cancelled"
	PlanDefaulted = "defaulted"
)

type PaymentPlan struct {
	ID               string `gorm:"primaryKey;type:text"`
	CitationID       string `gorm:"not null;index:payment_plans_citation_idx"`
	Status           string `gorm:"not null;default:active"`
	TotalCents       int64  `gorm:"not null"`
	InstallmentCount int    `gorm:"not null"`
	CardToken        string `gorm:"not null"`
	ContactPhone     string `gorm:"not null;default:''"`
	ContactEmail     string `gorm:"not null;default:''"`
	CreatedAt        time.Time
	CancelledAt      *time.Time
	Installments     []PlanInstallment `gorm:"foreignKey:PlanID"`
}

// Installment statuses.
const (
	InstallmentScheduled = "scheduled"
	InstallmentPaid      = "paid"
	InstallmentFailed    = "failed"
	InstallmentCancelled = "cancelled"
)

type PlanInstallment struct {
	ID                string    `gorm:"primaryKey;type:text"`
	PlanID            string    `gorm:"not null;uniqueIndex:plan_installments_seq_uq,priority:1"`
	Seq               int       `gorm:"not null;uniqueIndex:plan_installments_seq_uq,priority:2"`
	DueDate           time.Time `gorm:"type:date;not null"`
	AmountCents       int64     `gorm:"not null"`
	Status            string    `gorm:"not null;default:scheduled"`
	ProcessorChargeID *string   `gorm:"column:processor_charge_id"`
	Attempts          int       `gorm:"not null;default:0"`
	PaidAt            *time.Time
}

type PlanReminder struct {
	ID      int64  `gorm:"primaryKey;autoIncrement"`
	PlanID  string `gorm:"not null;uniqueIndex:plan_reminders_uq,priority:1"`
	Seq     int    `gorm:"not null;uniqueIndex:plan_reminders_uq,priority:2"`
	Channel string `gorm:"not null;uniqueIndex:plan_reminders_uq,priority:3"`
	SentAt  time.Time
}

package domain

import (
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

type StorageLot struct {
	ID             int64           `gorm:"primaryKey" json:"id"`
	GrowerID       int64           `json:"grower_id"`
	ElevatorID     string          `json:"elevator_id"`
	Commodity      Commodity       `json:"commodity"`
	ReceiptNo      string          `json:"receipt_no"`
	Bushels        decimal.Decimal `gorm:"type:numeric(14,2)" json:"bushels"`
	RatePerBuMonth decimal.Decimal `gorm:"type:numeric(8,4)" json:"rate_per_bu_month"`
	OpenedAt       time.Time       `gorm:"type:date" json:"opened_at"`
	ClosedAt       *time.Time      `gorm:"type:date" json:"closed_at,omitempty"`
}

type StorageFee struct {
	ID        string          `gorm:"primaryKey" json:"id"`
	LotID     int64           `json:"lot_id"`
	GrowerID  int64           `json:"grower_id"`
	Period    time.Time       `gorm:"type:date" json:"period"`
	Bushels   decimal.Decimal `gorm:"type:numeric(14,2)" json:"bushels"`
	Rate      decimal.Decimal `gorm:"type:numeric(8,4)" json:"rate"`
	Amount    decimal.Decimal `gorm:"type:numeric(12,2)" json:"amount"`
	Invoiced  bool            `json:"invoiced"`
	CreatedAt time.Time       `json:"created_at"`
}

type StorageInvoice struct {
	ID        int64           `gorm:"primaryKey" json:"id"`
	GrowerID  int64           `json:"grower_id"`
	Period    time.Time       `gorm:"type:date" json:"period"`
	Amount    decimal.Decimal `gorm:"type:numeric(12,2)" json:"amount"`
	Status    string          `json:"status"`
	EmailedAt *time.Time      `json:"emailed_at,omitempty"`
	CreatedAt time.Time       `json:"created_at"`
}

type AdvanceStatus string

const (
	AdvanceRequested AdvanceStatus = "requested"
	AdvanceApproved  AdvanceStatus = "approved"
	AdvanceDisbursed AdvanceStatus = "disbursed"
	AdvanceReturned  AdvanceStatus = "returned"
	AdvanceRepaid    AdvanceStatus = "repaid"
)

type Advance struct {
	ID                uuid.UUID       `gorm:"type:uuid;primaryKey" json:"id"`
	GrowerID          int64           `json:"grower_id"`
	BankAccountID     uuid.UUID       `gorm:"type:uuid" json:"bank_account_id"`
	Season            int             `json:"season"`
	Amount            decimal.Decimal `gorm:"type:numeric(12,2)" json:"amount"`
	Outstanding       decimal.Decimal `gorm:"type:numeric(12,2)" json:"outstanding"`
	Collateral        string          `json:"collateral"`
	Status            AdvanceStatus   `json:"status"`
	ProviderPaymentID string          `json:"provider_payment_id,omitempty"`
	RequestedBy       string          `json:"requested_by"`
	ApprovedBy        string          `json:"approved_by,omitempty"`
	RequestedAt       time.Time       `json:"requested_at"`
	ApprovedAt        *time.Time      `json:"approved_at,omitempty"`
	DisbursedAt       *time.Time      `json:"disbursed_at,omitempty"`
}

type SettlementStatus string

const (
	SettlementBuilt     SettlementStatus = "built"
	SettlementFinalized SettlementStatus = "finalized"
	SettlementPaid      SettlementStatus = "paid"
)

type Settlement struct {
	ID             int64            `gorm:"primaryKey" json:"id"`
	GrowerID       int64            `json:"grower_id"`
	Season         int              `json:"season"`
	GrossAmount    decimal.Decimal  `gorm:"type:numeric(14,2)" json:"gross_amount"`
	DryingAmount   decimal.Decimal  `gorm:"type:numeric(14,2)" json:"drying_amount"`
	DiscountAmount decimal.Decimal  `gorm:"type:numeric(14,2)" json:"discount_amount"`
	PremiumAmount  decimal.Decimal  `gorm:"type:numeric(14,2)" json:"premium_amount"`
	StorageAmount  decimal.Decimal  `gorm:"type:numeric(14,2)" json:"storage_amount"`
	AdvanceAmount  decimal.Decimal  `gorm:"type:numeric(14,2)" json:"advance_amount"`
	CheckoffAmount decimal.Decimal  `gorm:"type:numeric(14,2)" json:"checkoff_amount"`
	NetAmount      decimal.Decimal  `gorm:"type:numeric(14,2)" json:"net_amount"`
	Status         SettlementStatus `json:"status"`
	BuiltAt        time.Time        `json:"built_at"`
	FinalizedAt    *time.Time       `json:"finalized_at,omitempty"`
	Lines          []SettlementLine `gorm:"-" json:"lines,omitempty"`
}

type SettlementLine struct {
	ID           int64           `gorm:"primaryKey" json:"id"`
	SettlementID int64           `json:"settlement_id"`
	LineType     string          `json:"line_type"`
	Ref          string          `json:"ref"`
	Description  string          `json:"description"`
	Amount       decimal.Decimal `gorm:"type:numeric(14,2)" json:"amount"`
	CreatedAt    time.Time       `json:"created_at"`
}

type PayoutStatus string

const (
	PayoutPending PayoutStatus = "pending"
	PayoutSent    PayoutStatus = "sent"
	PayoutSettled PayoutStatus = "settled"
	PayoutFailed  PayoutStatus = "failed"
	PayoutReturn  PayoutStatus = "returned"
)

type Payout struct {
	ID                uuid.UUID       `gorm:"type:uuid;primaryKey" json:"id"`
	SettlementID      int64           `json:"settlement_id"`
	GrowerID          int64           `json:"grower_id"`
	BankAccountID     uuid.UUID       `gorm:"type:uuid" json:"bank_account_id"`
	Amount            decimal.Decimal `gorm:"type:numeric(14,2)" json:"amount"`
	Status            PayoutStatus    `json:"status"`
	ProviderPaymentID string          `json:"provider_payment_id,omitempty"`
	Attempts          int             `json:"attempts"`
	LastError         string          `json:"last_error,omitempty"`
	CreatedAt         time.Time       `json:"created_at"`
	SentAt            *time.Time      `json:"sent_at,omitempty"`
	SettledAt         *time.Time      `json:"settled_at,omitempty"`
}

type DeferredPayment struct {
	ID                int64           `gorm:"primaryKey" json:"id"`
	ContractID        uuid.UUID       `gorm:"type:uuid" json:"contract_id"`
	GrowerID          int64           `json:"grower_id"`
	BankAccountID     uuid.UUID       `gorm:"type:uuid" json:"bank_account_id"`
	Amount            decimal.Decimal `gorm:"type:numeric(14,2)" json:"amount"`
	DueDate           time.Time       `gorm:"type:date" json:"due_date"`
	Status            string          `json:"status"`
	ProviderPaymentID string          `json:"provider_payment_id,omitempty"`
	PaidAt            *time.Time      `json:"paid_at,omitempty"`
}

type ACHEvent struct {
	ID              int64 `gorm:"primaryKey"`
	ProviderEventID string
	EventType       string
	PaymentID       string
	Payload         []byte `gorm:"type:jsonb"`
	ReceivedAt      time.Time
}

func (ACHEvent) TableName() string { return "ach_events" }

type ACHReturn struct {
	ID               int64 `gorm:"primaryKey"`
	ProviderReturnID string
	PaymentID        string
	ReturnCode       string
	Description      string
	Amount           decimal.Decimal `gorm:"type:numeric(14,2)"`
	ReceivedAt       time.Time
}

func (ACHReturn) TableName() string { return "ach_returns" }

type Notification struct {
	ID                int64 `gorm:"primaryKey"`
	GrowerID          int64
	Channel           string
	Template          string
	Ref               string
	Status            string
	ProviderMessageID string
	CreatedAt         time.Time
	SentAt            *time.Time
}

type GrowerNotice struct {
	ID                uuid.UUID  `gorm:"type:uuid;primaryKey" json:"id"`
	GrowerID          int64      `json:"grower_id"`
	ClientNoticeID    string     `json:"client_notice_id"`
	Body              string     `json:"body"`
	Status            string     `json:"status"`
	ProviderMessageID string     `json:"provider_message_id,omitempty"`
	CreatedBy         string     `json:"created_by"`
	CreatedAt         time.Time  `json:"created_at"`
	SentAt            *time.Time `json:"sent_at,omitempty"`
}

// Package domain holds the persistent model of the factoring platform.
package domain

import (
	"time"

	"github.com/google/uuid"
)

type Supplier struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	RegistrationNumber string
	Country            string
	LegalName          string
	ContactEmail       string
	PayoutIBAN         string `gorm:"column:payout_iban"`
	PayoutAccountName  string
	Status             string
	CreditLimitMinor   int64
	ReservedMinor      int64
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

func (Supplier) TableName() string { return "suppliers" }

// Headroom is the part of the credit limit not yet reserved by open funding.
func (s Supplier) Headroom() int64 { return s.CreditLimitMinor - s.ReservedMinor }

type Debtor struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	RegistrationNumber string
	Country            string
	LegalName          string
	BillingEmail       string
	AddressLine1       string `gorm:"column:address_line1"`
	AddressLine2       string `gorm:"column:address_line2"`
	City               string
	Postcode           string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

func (Debtor) TableName() string { return "debtors" }

type Invoice struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	SupplierID        uuid.UUID `gorm:"type:uuid"`
	DebtorID          uuid.UUID `gorm:"type:uuid"`
	InvoiceNumber     string
	Currency          string
	FaceValueMinor    int64
	PaidMinor         int64
	IssueDate         time.Time `gorm:"type:date"`
	DueDate           time.Time `gorm:"type:date"`
	Status            string
	DocumentURL       string
	ConfirmToken      string
	DebtorConfirmedAt *time.Time
	SettledAt         *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (Invoice) TableName() string { return "invoices" }

func (i Invoice) Outstanding() int64 { return i.FaceValueMinor - i.PaidMinor }

const (
	InvoiceUploaded  = "uploaded"
	InvoiceConfirmed = "confirmed"
	InvoiceFunded    = "funded"
	InvoiceDisputed  = "disputed"
	InvoiceSettled   = "settled"
)

type Dispute struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	InvoiceID  uuid.UUID `gorm:"type:uuid"`
	RaisedBy   string
	ReasonCode string
	Details    string
	Status     string
	CreatedAt  time.Time
}

func (Dispute) TableName() string { return "disputes" }

type CreditCheck struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	SubjectType string
	SubjectID   uuid.UUID `gorm:"type:uuid"`
	TriggerRef  string
	Status      string
	Score       *int
	LimitMinor  *int64
	BureauRef   string
	CreatedAt   time.Time
	CompletedAt *time.Time
}

func (CreditCheck) TableName() string { return "credit_checks" }

type FundingRequest struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	InvoiceID      uuid.UUID `gorm:"type:uuid"`
	SupplierID     uuid.UUID `gorm:"type:uuid"`
	RequestedMinor int64
	Status         string
	CreatedAt      time.Time
}

func (FundingRequest) TableName() string { return "funding_requests" }

type Offer struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	FundingRequestID uuid.UUID `gorm:"type:uuid"`
	InvoiceID        uuid.UUID `gorm:"type:uuid"`
	AdvanceRateBps   int
	DiscountFeeBps   int
	DailyFeeBps      int
	AdvanceMinor     int64
	ReserveMinor     int64
	Status           string
	ExpiresAt        time.Time
	AcceptedAt       *time.Time
	CreatedAt        time.Time
}

func (Offer) TableName() string { return "offers" }

type Advance struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	OfferID          uuid.UUID `gorm:"type:uuid"`
	InvoiceID        uuid.UUID `gorm:"type:uuid"`
	SupplierID       uuid.UUID `gorm:"type:uuid"`
	Currency         string
	PrincipalMinor   int64
	ReserveMinor     int64
	DiscountFeeMinor int64
	DailyFeeBps      int
	FeesAccruedMinor int64
	OutstandingMinor int64
	Status           string
	PaidOutAt        *time.Time
	ClosedAt         *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (Advance) TableName() string { return "advances" }

const (
	AdvancePendingPayout = "pending_payout"
	AdvanceActive        = "active"
	AdvanceRepaid        = "repaid"
	AdvanceClosed        = "closed"
)

type Payout struct {
	ID              uuid.UUID `gorm:"type:uuid;primaryKey"`
	AdvanceID       uuid.UUID `gorm:"type:uuid"`
	Kind            string
	RequestKey      string
	AmountMinor     int64
	Currency        string
	BeneficiaryIBAN string `gorm:"column:beneficiary_iban"`
	BeneficiaryName string
	Reference       string
	Status          string
	ProviderRef     *string
	FailureReason   string
	SubmittedAt     *time.Time
	SettledAt       *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (Payout) TableName() string { return "payouts" }

const (
	PayoutKindInitial = "initial"
	PayoutKindManual  = "manual"
	PayoutKindRebate  = "rebate"

	PayoutPending   = "pending"
	PayoutSubmitted = "submitted"
	PayoutPaid      = "paid"
	PayoutFailed    = "failed"
)

type RepaymentPlan struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	AdvanceID    uuid.UUID `gorm:"type:uuid"`
	Installments int
	TotalMinor   int64
	FirstDueDate time.Time `gorm:"type:date"`
	Status       string
	CreatedAt    time.Time
}

func (RepaymentPlan) TableName() string { return "repayment_plans" }

type RepaymentInstallment struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	PlanID      uuid.UUID `gorm:"type:uuid"`
	Seq         int
	DueDate     time.Time `gorm:"type:date"`
	AmountMinor int64
	Status      string
}

func (RepaymentInstallment) TableName() string { return "repayment_installments" }

type Rebate struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	AdvanceID   uuid.UUID `gorm:"type:uuid"`
	InvoiceID   uuid.UUID `gorm:"type:uuid"`
	AmountMinor int64
	Status      string
	CreatedAt   time.Time
}

func (Rebate) TableName() string { return "rebates" }

type Collection struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	InvoiceID         uuid.UUID `gorm:"type:uuid"`
	Installment       int
	AmountMinor       int64
	Currency          string
	Status            string
	ProviderPaymentID *string
	Attempts          int
	LastFailure       string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (Collection) TableName() string { return "collections" }

const (
	CollectionPending   = "pending"
	CollectionInitiated = "initiated"
	CollectionPaid      = "paid"
	CollectionFailed    = "failed"
)

type PaymentEvent struct {
	EventID           string `gorm:"primaryKey"`
	ProviderPaymentID string
	Status            string
	Payload           JSON
	ReceivedAt        time.Time
}

func (PaymentEvent) TableName() string { return "payment_events" }

type StatementLine struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	BankTxnID        string
	AccountID        string
	AmountMinor      int64
	Currency         string
	BookedAt         time.Time
	CounterpartyName string
	RemittanceInfo   string
	Status           string
	MatchedInvoiceID *uuid.UUID `gorm:"type:uuid"`
	CreatedAt        time.Time
}

func (StatementLine) TableName() string { return "bank_statement_lines" }

const (
	LineUnmatched = "unmatched"
	LineMatched   = "matched"
	LineApplied   = "applied"
)

type FeeAccrual struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	AdvanceID   uuid.UUID `gorm:"type:uuid"`
	AccrualDate time.Time `gorm:"type:date"`
	AmountMinor int64
	CreatedAt   time.Time
}

func (FeeAccrual) TableName() string { return "fee_accruals" }

type LedgerEntry struct {
	ID          uuid.UUID  `gorm:"type:uuid;primaryKey"`
	AdvanceID   *uuid.UUID `gorm:"type:uuid"`
	InvoiceID   *uuid.UUID `gorm:"type:uuid"`
	EntryType   string
	AmountMinor int64
	Currency    string
	SourceRef   string
	CreatedAt   time.Time
}

func (LedgerEntry) TableName() string { return "ledger_entries" }

const (
	EntryCollection   = "collection"
	EntryFeeIncome    = "fee_income"
	EntryFeeAccrual   = "fee_accrual"
	EntryReserveHeld  = "reserve_held"
	EntryAdvancePaid  = "advance_paid"
	EntryRebateIssued = "rebate_issued"
)

type Notice struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	InvoiceID   uuid.UUID `gorm:"type:uuid"`
	DebtorID    uuid.UUID `gorm:"type:uuid"`
	Kind        string
	Channel     string
	Status      string
	ProviderRef string
	SentAt      *time.Time
	CreatedAt   time.Time
}

func (Notice) TableName() string { return "notices" }

const (
	NoticeAssignment = "assignment"
	NoticeReminder   = "reminder"

	ChannelPost  = "post"
	ChannelEmail = "email"

	NoticePending = "pending"
	NoticeSent    = "sent"
)

type Notification struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	DedupKey    string
	Channel     string
	Recipient   string
	Template    string
	Status      string
	ProviderRef string
	CreatedAt   time.Time
}

func (Notification) TableName() string { return "notifications" }

type IdempotencyKey struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	RequestHash  string
	StatusCode   int
	ResponseBody []byte
	CreatedAt    time.Time
}

func (IdempotencyKey) TableName() string { return "idempotency_keys" }

type ProcessedMessage struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

func (ProcessedMessage) TableName() string { return "processed_messages" }

type OutboxEvent struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	Topic       string
	AggregateID string
	Payload     JSON
	CreatedAt   time.Time
	PublishedAt *time.Time
}

func (OutboxEvent) TableName() string { return "outbox_events" }

type Task struct {
	ID        int64 `gorm:"primaryKey"`
	Kind      string
	DedupKey  string
	Payload   JSON
	Status    string
	Attempts  int
	RunAfter  time.Time
	LockedBy  *string
	LockedAt  *time.Time
	LastError string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (Task) TableName() string { return "tasks" }

const (
	TaskQueued  = "queued"
	TaskRunning = "running"
	TaskDone    = "done"
	TaskDead    = "dead"
)

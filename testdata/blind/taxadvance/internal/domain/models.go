package domain

import (
	"time"

	"github.com/google/uuid"
)

// Partner is a tax-preparation company that originates applications.
type Partner struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	Code             string
	Name             string
	APIKeyHash       string
	WebhookSecret    string
	CommissionBps    int
	PayoutAccountRef string
	Active           bool
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Customer is a taxpayer. Customers are scoped to the partner that sent them.
type Customer struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	PartnerID   uuid.UUID `gorm:"type:uuid"`
	SSNHash     string    `gorm:"column:ssn_hash"`
	SSNLast4    string    `gorm:"column:ssn_last4"`
	FirstName   string
	LastName    string
	Email       string
	Phone       string
	DateOfBirth time.Time
	Address1    string
	City        string
	State       string
	PostalCode  string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Application is one refund advance request for one return.
type Application struct {
	ID                      uuid.UUID `gorm:"type:uuid;primaryKey"`
	PartnerID               uuid.UUID `gorm:"type:uuid"`
	CustomerID              uuid.UUID `gorm:"type:uuid"`
	PartnerReturnRef        string
	TaxYear                 int
	ExpectedRefundCents     int64
	RequestedAmountCents    int64
	ApprovedAmountCents     int64
	FeeCents                int64
	OutstandingCents        int64
	RefundReceivedCents     int64
	RTAccountRef            string `gorm:"column:rt_account_ref"`
	DestinationAccountToken string
	Status                  ApplicationStatus
	IRSStatus               string `gorm:"column:irs_status"`
	WithdrawReason          string
	DecidedAt               *time.Time
	FundedAt                *time.Time
	RepaidAt                *time.Time
	CreatedAt               time.Time
	UpdatedAt               time.Time
}

func (Application) TableName() string { return "advance_applications" }

// ApplicationRequest remembers the partner's Idempotency-Key for a submission.
type ApplicationRequest struct {
	PartnerID      uuid.UUID `gorm:"type:uuid;primaryKey"`
	IdempotencyKey string    `gorm:"primaryKey"`
	RequestHash    string
	ApplicationID  uuid.UUID `gorm:"type:uuid"`
	CreatedAt      time.Time
}

// CreditReport is the summary we keep of a soft inquiry.
type CreditReport struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	ApplicationID  uuid.UUID `gorm:"type:uuid"`
	Bureau         string
	InquiryRef     string
	Score          int
	OpenTradelines int
	Delinquencies  int
	Bankruptcy     bool
	PulledAt       time.Time
}

// UnderwritingAttempt is an audit row written every time underwriting runs.
type UnderwritingAttempt struct {
	ID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	ApplicationID uuid.UUID `gorm:"type:uuid"`
	Outcome       string
	Detail        string
	StartedAt     time.Time
	FinishedAt    *time.Time
}

// UnderwritingDecision is the single decision of record for an application.
type UnderwritingDecision struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	ApplicationID       uuid.UUID `gorm:"type:uuid"`
	Outcome             DecisionOutcome
	ApprovedAmountCents int64
	FeeCents            int64
	ReasonCodes         string
	PolicyVersion       string
	DecidedBy           string
	DecidedAt           time.Time
}

// Disbursement is the ACH credit that sends the advance to the customer.
type Disbursement struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	ApplicationID  uuid.UUID `gorm:"type:uuid"`
	AmountCents    int64
	Attempt        int
	BankTransferID *string
	Status         DisbursementStatus
	ReturnCode     string
	SubmittedAt    *time.Time
	SettledAt      *time.Time
	ReturnedAt     *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (Disbursement) TableName() string { return "advance_disbursements" }

// BankWebhookEvent records a processed bank transfer webhook by the bank's event id.
type BankWebhookEvent struct {
	ID         string `gorm:"primaryKey"`
	Type       string
	TransferID string
	ReceivedAt time.Time
}

// PartnerReturnEvent records a return-status webhook from a tax-prep partner.
type PartnerReturnEvent struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	PartnerID  uuid.UUID `gorm:"type:uuid"`
	EventID    string
	Type       string
	ReturnRef  string
	Payload    []byte
	ReceivedAt time.Time
}

func (PartnerReturnEvent) TableName() string { return "partner_return_events" }

// RefundDeposit is an IRS (or state) refund credited to a refund transfer account.
type RefundDeposit struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	ApplicationID       uuid.UUID `gorm:"type:uuid"`
	BankEventID         string
	RTAccountRef        string `gorm:"column:rt_account_ref"`
	TraceNumber         string
	CompanyName         string
	AmountCents         int64
	RepaidCents         int64
	RemainderCents      int64
	RemainderTransferID *string
	ReceivedAt          time.Time
	SettledAt           *time.Time
	ReversedAt          *time.Time
}

// DepositReversal is a bank-reported reversal of a previously posted deposit.
type DepositReversal struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	BankEventID         string
	OriginalTraceNumber string
	AmountCents         int64
	ReceivedAt          time.Time
}

// Repayment is the portion of a deposit applied to the advance.
type Repayment struct {
	ID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	ApplicationID uuid.UUID `gorm:"type:uuid"`
	DepositID     uuid.UUID `gorm:"type:uuid"`
	AmountCents   int64
	CreatedAt     time.Time
}

// LedgerEntry is one side of a double-entry posting.
type LedgerEntry struct {
	ID            uuid.UUID  `gorm:"type:uuid;primaryKey"`
	ApplicationID uuid.UUID  `gorm:"type:uuid"`
	DepositID     *uuid.UUID `gorm:"type:uuid"`
	Account       string
	Direction     string
	AmountCents   int64
	Memo          string
	PostedAt      time.Time
}

// CommissionAccrual is an amount owed to (or clawed back from) a partner.
type CommissionAccrual struct {
	ID                uuid.UUID  `gorm:"type:uuid;primaryKey"`
	PartnerID         uuid.UUID  `gorm:"type:uuid"`
	ApplicationID     *uuid.UUID `gorm:"type:uuid"`
	Kind              AccrualKind
	AmountCents       int64
	PayoutID          *uuid.UUID `gorm:"type:uuid"`
	Note              string
	CreatedBy         string
	AccruedAt         time.Time
	PartnerNotifiedAt *time.Time
}

// CommissionPayout is the ACH credit of one partner's commissions for one period.
type CommissionPayout struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	PartnerID      uuid.UUID `gorm:"type:uuid"`
	PeriodStart    time.Time
	PeriodEnd      time.Time
	AmountCents    int64
	Status         PayoutStatus
	BankTransferID *string
	PaidAt         *time.Time
	CreatedAt      time.Time
}

// AdverseActionNotice records the ECOA / FCRA notice sent for a declined application.
type AdverseActionNotice struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	ApplicationID     uuid.UUID `gorm:"type:uuid"`
	Email             string
	ReasonCodes       string
	ProviderMessageID string
	SentAt            time.Time
}

func (AdverseActionNotice) TableName() string { return "adverse_action_notices" }

// IdempotencyRecord caches the response of an admin API call by its key.
type IdempotencyRecord struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	RequestHash  string
	StatusCode   int
	ContentType  string
	ResponseBody []byte
	CreatedAt    time.Time
}

func (IdempotencyRecord) TableName() string { return "api_idempotency_keys" }

// InboxMessage marks a queue message as handled.
type InboxMessage struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

func (InboxMessage) TableName() string { return "consumer_inbox" }

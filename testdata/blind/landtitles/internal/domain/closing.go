package domain

import "time"

// Closing statuses.
const (
	ClosingScheduled = "scheduled"
	ClosingFunding   = "funding"
	ClosingFunded    = "funded"
	ClosingSettled   = "settled"
	ClosingRecorded  = "recorded"
)

// Closing is the settlement event for an order.
type Closing struct {
	ID              string     `db:"id" json:"id"`
	OrderID         string     `db:"order_id" json:"order_id"`
	EscrowAccountID string     `db:"escrow_account_id" json:"escrow_account_id"`
	Status          string     `db:"status" json:"status"`
	ScheduledFor    time.Time  `db:"scheduled_for" json:"scheduled_for"`
	WorkflowID      *string    `db:"workflow_id" json:"workflow_id,omitempty"`
	FundedAt        *time.Time `db:"funded_at" json:"funded_at,omitempty"`
	SettledAt       *time.Time `db:"settled_at" json:"settled_at,omitempty"`
	CreatedAt       time.Time  `db:"created_at" json:"created_at"`
}

// Payee roles on a closing.
const (
	PayeeSeller = "seller"
	PayeeLender = "payoff_lender"
)

// Disbursement statuses.
const (
	DisbReserved = "reserved"
	DisbSent     = "sent"
	DisbSettled  = "settled"
	DisbReturned = "returned"
)

// Disbursement is money leaving escrow at closing.
type Disbursement struct {
	ID             string     `db:"id" json:"id"`
	ClosingID      string     `db:"closing_id" json:"closing_id"`
	PayeeRole      string     `db:"payee_role" json:"payee_role"`
	PayeeName      string     `db:"payee_name" json:"payee_name"`
	RoutingNumber  string     `db:"routing_number" json:"-"`
	AccountNumber  string     `db:"account_number" json:"-"`
	AmountCents    int64      `db:"amount_cents" json:"amount_cents"`
	Status         string     `db:"status" json:"status"`
	BankTransferID *string    `db:"bank_transfer_id" json:"bank_transfer_id,omitempty"`
	SentAt         *time.Time `db:"sent_at" json:"sent_at,omitempty"`
	SettledAt      *time.Time `db:"settled_at" json:"settled_at,omitempty"`
	CreatedAt      time.Time  `db:"created_at" json:"created_at"`
}

// WireAttempt records one call to the bank for a disbursement.
type WireAttempt struct {
	ID             string    `db:"id"`
	DisbursementID string    `db:"disbursement_id"`
	IdempotencyKey string    `db:"idempotency_key"`
	Outcome        string    `db:"outcome"`
	ErrorDetail    string    `db:"error_detail"`
	AttemptedAt    time.Time `db:"attempted_at"`
}

// ClosingStatement is the summary of the settlement statement.
type ClosingStatement struct {
	ClosingID         string    `db:"closing_id"`
	TotalDebitsCents  int64     `db:"total_debits_cents"`
	TotalCreditsCents int64     `db:"total_credits_cents"`
	LineCount         int       `db:"line_count"`
	GeneratedAt       time.Time `db:"generated_at"`
}

// RecordingPackage is the set of documents sent to the county recorder.
type RecordingPackage struct {
	ID                   string     `db:"id"`
	ClosingID            string     `db:"closing_id"`
	CountyFIPS           string     `db:"county_fips"`
	Status               string     `db:"status"`
	RecorderSubmissionID *string    `db:"recorder_submission_id"`
	SubmittedAt          *time.Time `db:"submitted_at"`
	RecordedAt           *time.Time `db:"recorded_at"`
	CreatedAt            time.Time  `db:"created_at"`
}

// RecordedInstrument is a document the county has recorded.
type RecordedInstrument struct {
	ID               string    `db:"id"`
	PackageID        string    `db:"package_id"`
	CountyFIPS       string    `db:"county_fips"`
	InstrumentNumber string    `db:"instrument_number"`
	DocType          string    `db:"doc_type"`
	Book             string    `db:"book"`
	Page             string    `db:"page"`
	RecordedAt       time.Time `db:"recorded_at"`
}

// TitlePolicy is an issued owner's or lender's policy.
type TitlePolicy struct {
	ID             string    `db:"id"`
	OrderID        string    `db:"order_id"`
	PolicyNumber   string    `db:"policy_number"`
	PolicyType     string    `db:"policy_type"`
	LiabilityCents int64     `db:"liability_cents"`
	PremiumCents   int64     `db:"premium_cents"`
	IssuedAt       time.Time `db:"issued_at"`
}

// WireInstruction is a verified payee account for a closing.
type WireInstruction struct {
	ClosingID     string     `db:"closing_id"`
	PayeeRole     string     `db:"payee_role"`
	PayeeName     string     `db:"payee_name"`
	RoutingNumber string     `db:"routing_number"`
	AccountNumber string     `db:"account_number"`
	AmountCents   int64      `db:"amount_cents"`
	VerifiedBy    *string    `db:"verified_by"`
	VerifiedAt    *time.Time `db:"verified_at"`
}

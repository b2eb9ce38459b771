// Package repo contains the Postgres repositories. Every method takes a
// db.Querier so callers decide whether it runs in a transaction.
package repo

import (
	"encoding/json"
	"errors"
	"time"
)

// ErrNotFound is returned when a lookup matches no row.
var ErrNotFound = errors.New("not found")

type Landlord struct {
	ID              string    `db:"id"`
	Name            string    `db:"name"`
	Email           string    `db:"email"`
	PayoutAccountID string    `db:"payout_account_id"`
	InstantPayouts  bool      `db:"instant_payouts"`
	CreatedAt       time.Time `db:"created_at"`
}

type Lease struct {
	ID               string     `db:"id"`
	LandlordID       string     `db:"landlord_id"`
	PropertyRef      string     `db:"property_ref"`
	UnitLabel        string     `db:"unit_label"`
	RentCents        int64      `db:"rent_cents"`
	DueDay           int        `db:"due_day"`
	GraceDays        int        `db:"grace_days"`
	LateFeeCents     int64      `db:"late_fee_cents"`
	LateFeeCapCents  int64      `db:"late_fee_cap_cents"`
	DepositCents     int64      `db:"deposit_cents"`
	DepositHeldCents int64      `db:"deposit_held_cents"`
	Status           string     `db:"status"`
	StartsOn         time.Time  `db:"starts_on"`
	EndsOn           *time.Time `db:"ends_on"`
	TerminatedAt     *time.Time `db:"terminated_at"`
	CreatedAt        time.Time  `db:"created_at"`
	UpdatedAt        time.Time  `db:"updated_at"`
}

const (
	LeaseActive     = "active"
	LeaseTerminated = "terminated"
)

type Tenant struct {
	ID             string    `db:"id"`
	Email          string    `db:"email"`
	Phone          *string   `db:"phone"`
	FullName       string    `db:"full_name"`
	ACHCustomerRef *string   `db:"ach_customer_ref"`
	CreatedAt      time.Time `db:"created_at"`
}

type Charge struct {
	ID               string     `db:"id"`
	LeaseID          string     `db:"lease_id"`
	Kind             string     `db:"kind"`
	AmountCents      int64      `db:"amount_cents"`
	DueOn            time.Time  `db:"due_on"`
	Status           string     `db:"status"`
	Description      string     `db:"description"`
	SourceChargeID   *string    `db:"source_charge_id"`
	RelatedPaymentID *string    `db:"related_payment_id"`
	AssessedOn       *time.Time `db:"assessed_on"`
	WaivedReason     *string    `db:"waived_reason"`
	CreatedAt        time.Time  `db:"created_at"`
	UpdatedAt        time.Time  `db:"updated_at"`
}

const (
	ChargeRent    = "rent"
	ChargeLateFee = "late_fee"
	ChargeNSFFee  = "nsf_fee"
	ChargeOneOff  = "one_off"
	ChargeMoveOut = "move_out"

	ChargeOpen   = "open"
	ChargePaid   = "paid"
	ChargeVoid   = "void"
	ChargeWaived = "waived"
)

type LedgerEntry struct {
	ID          string    `db:"id"`
	LeaseID     string    `db:"lease_id"`
	ChargeID    *string   `db:"charge_id"`
	PaymentID   *string   `db:"payment_id"`
	EntryType   string    `db:"entry_type"`
	AmountCents int64     `db:"amount_cents"`
	Memo        string    `db:"memo"`
	CreatedAt   time.Time `db:"created_at"`
}

type FundingSource struct {
	ID                      string    `db:"id"`
	TenantID                string    `db:"tenant_id"`
	ProviderFundingSourceID string    `db:"provider_funding_source_id"`
	BankName                string    `db:"bank_name"`
	AccountMask             string    `db:"account_mask"`
	Status                  string    `db:"status"`
	CreatedAt               time.Time `db:"created_at"`
}

type AutopayEnrollment struct {
	LeaseID         string    `db:"lease_id"`
	TenantID        string    `db:"tenant_id"`
	FundingSourceID string    `db:"funding_source_id"`
	Enabled         bool      `db:"enabled"`
	UpdatedAt       time.Time `db:"updated_at"`
}

type Payment struct {
	ID              string     `db:"id"`
	LeaseID         string     `db:"lease_id"`
	TenantID        string     `db:"tenant_id"`
	FundingSourceID string     `db:"funding_source_id"`
	AmountCents     int64      `db:"amount_cents"`
	Source          string     `db:"source"`
	Period          *time.Time `db:"period"`
	Status          string     `db:"status"`
	TransferID      *string    `db:"transfer_id"`
	FailureCode     *string    `db:"failure_code"`
	DisbursementID  *string    `db:"disbursement_id"`
	ProcessedAt     *time.Time `db:"processed_at"`
	CreatedAt       time.Time  `db:"created_at"`
	UpdatedAt       time.Time  `db:"updated_at"`
}

const (
	PaymentPending   = "pending"
	PaymentSubmitted = "submitted"
	PaymentProcessed = "processed"
	PaymentFailed    = "failed"
	PaymentReturned  = "returned"

	SourcePortal  = "portal"
	SourceAutopay = "autopay"
)

type Refund struct {
	ID          string    `db:"id"`
	PaymentID   string    `db:"payment_id"`
	AmountCents int64     `db:"amount_cents"`
	Reason      string    `db:"reason"`
	Status      string    `db:"status"`
	TransferID  *string   `db:"transfer_id"`
	CreatedAt   time.Time `db:"created_at"`
	UpdatedAt   time.Time `db:"updated_at"`
}

type IdempotencyRecord struct {
	Scope       string          `db:"scope"`
	Key         string          `db:"key"`
	RequestHash string          `db:"request_hash"`
	ResourceID  *string         `db:"resource_id"`
	StatusCode  *int            `db:"status_code"`
	Response    json.RawMessage `db:"response"`
	CreatedAt   time.Time       `db:"created_at"`
	CompletedAt *time.Time      `db:"completed_at"`
}

// Completed reports whether a response has been stored for replay.
func (r *IdempotencyRecord) Completed() bool { return r.CompletedAt != nil && r.StatusCode != nil }

type Disbursement struct {
	ID                 string     `db:"id"`
	LandlordID         string     `db:"landlord_id"`
	Kind               string     `db:"kind"`
	PeriodStart        *time.Time `db:"period_start"`
	PeriodEnd          *time.Time `db:"period_end"`
	AmountCents        int64      `db:"amount_cents"`
	Status             string     `db:"status"`
	ProviderTransferID *string    `db:"provider_transfer_id"`
	FailureReason      *string    `db:"failure_reason"`
	CreatedAt          time.Time  `db:"created_at"`
	SubmittedAt        *time.Time `db:"submitted_at"`
}

const (
	DisbursementScheduled = "scheduled"
	DisbursementInstant   = "instant"

	DisbursementPending   = "pending"
	DisbursementSubmitted = "submitted"
	DisbursementFailed    = "failed"
	DisbursementPaid      = "paid"
)

type DisbursementAttempt struct {
	ID                 string    `db:"id"`
	DisbursementID     string    `db:"disbursement_id"`
	AttemptNo          int       `db:"attempt_no"`
	Status             string    `db:"status"`
	ProviderTransferID *string   `db:"provider_transfer_id"`
	CreatedAt          time.Time `db:"created_at"`
}

type Receipt struct {
	PaymentID         string     `db:"payment_id"`
	Recipient         string     `db:"recipient"`
	Status            string     `db:"status"`
	ProviderMessageID *string    `db:"provider_message_id"`
	ClaimedAt         time.Time  `db:"claimed_at"`
	SentAt            *time.Time `db:"sent_at"`
}

type MaintenanceRequest struct {
	ID                string     `db:"id"`
	LeaseID           string     `db:"lease_id"`
	TenantID          string     `db:"tenant_id"`
	Category          string     `db:"category"`
	Description       string     `db:"description"`
	Urgency           string     `db:"urgency"`
	PermissionToEnter bool       `db:"permission_to_enter"`
	Status            string     `db:"status"`
	VendorWorkOrderID *string    `db:"vendor_work_order_id"`
	CreatedAt         time.Time  `db:"created_at"`
	DispatchedAt      *time.Time `db:"dispatched_at"`
}

type PaymentPlan struct {
	ID           string        `db:"id"`
	LeaseID      string        `db:"lease_id"`
	TotalCents   int64         `db:"total_cents"`
	Installments int           `db:"installments"`
	CreatedAt    time.Time     `db:"created_at"`
	Schedule     []Installment `db:"-"`
}

type Installment struct {
	Seq         int       `json:"seq"`
	DueOn       time.Time `json:"due_on"`
	AmountCents int64     `json:"amount_cents"`
}

type DepositReceipt struct {
	ID          string
	LeaseID     string
	AmountCents int64
	ExternalRef string
	ReceivedOn  time.Time
}

type SMSLogEntry struct {
	LeaseID          string
	Purpose          string
	To               string
	IdempotencyToken string
	ProviderSID      string
}

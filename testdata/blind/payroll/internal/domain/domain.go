// Package domain holds the core payroll and expense types shared across layers.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrInvalidState = errors.New("invalid state transition")
	ErrValidation   = errors.New("validation failed")
	ErrKeyMismatch  = errors.New("idempotency key reused with a different request")
)

type PayRunStatus string

const (
	PayRunSubmitted PayRunStatus = "submitted"
	PayRunApproved  PayRunStatus = "approved"
	PayRunPaid      PayRunStatus = "paid"
)

type ClaimStatus string

const (
	ClaimSubmitted  ClaimStatus = "submitted"
	ClaimApproved   ClaimStatus = "approved"
	ClaimReimbursed ClaimStatus = "reimbursed"
	ClaimReversed   ClaimStatus = "reversed"
)

type PayoutStatus string

const (
	PayoutPending    PayoutStatus = "pending"
	PayoutSubmitting PayoutStatus = "submitting"
	PayoutSubmitted  PayoutStatus = "submitted"
	PayoutSettled    PayoutStatus = "settled"
	PayoutFailed     PayoutStatus = "failed"
	PayoutReturned   PayoutStatus = "returned"
)

type Company struct {
	ID                uuid.UUID
	Name              string
	Currency          string
	PayoutAccountRef  string
	PayoutRoutingCode string
	StripeAccountID   string
	PayslipReplyTo    string
	SettingsUpdatedAt time.Time
}

type Employee struct {
	ID              uuid.UUID `json:"id"`
	CompanyID       uuid.UUID `json:"company_id"`
	EmployeeNumber  string    `json:"employee_number"`
	FullName        string    `json:"full_name"`
	Email           string    `json:"email"`
	BankAccountRef  string    `json:"bank_account_ref"`
	StripeAccountID string    `json:"stripe_account_id,omitempty"`
	EmailBounced    bool      `json:"email_bounced"`
	CreatedAt       time.Time `json:"created_at"`
}

type PayRun struct {
	ID          string       `json:"id"`
	CompanyID   uuid.UUID    `json:"company_id"`
	Reference   string       `json:"reference"`
	Kind        string       `json:"kind"`
	PeriodStart time.Time    `json:"period_start"`
	PeriodEnd   time.Time    `json:"period_end"`
	PayDate     time.Time    `json:"pay_date"`
	Status      PayRunStatus `json:"status"`
	TotalCents  int64        `json:"total_cents"`
	Currency    string       `json:"currency"`
	CreatedAt   time.Time    `json:"created_at"`
	ApprovedAt  *time.Time   `json:"approved_at,omitempty"`
	ApprovedBy  string       `json:"approved_by,omitempty"`
}

type Payslip struct {
	ID         uuid.UUID  `json:"id"`
	PayRunID   string     `json:"pay_run_id"`
	EmployeeID uuid.UUID  `json:"employee_id"`
	GrossCents int64      `json:"gross_cents"`
	TaxCents   int64      `json:"tax_cents"`
	NetCents   int64      `json:"net_cents"`
	EmailedAt  *time.Time `json:"emailed_at,omitempty"`
}

type Payout struct {
	ID                 uuid.UUID    `json:"id"`
	PayslipID          uuid.UUID    `json:"payslip_id"`
	PayRunID           string       `json:"pay_run_id"`
	EmployeeID         uuid.UUID    `json:"employee_id"`
	AmountCents        int64        `json:"amount_cents"`
	Currency           string       `json:"currency"`
	Status             PayoutStatus `json:"status"`
	ProviderTransferID string       `json:"provider_transfer_id,omitempty"`
	CreatedAt          time.Time    `json:"created_at"`
	UpdatedAt          time.Time    `json:"updated_at"`
}

type ExpenseClaim struct {
	ID          uuid.UUID   `json:"id"`
	CompanyID   uuid.UUID   `json:"company_id"`
	EmployeeID  uuid.UUID   `json:"employee_id"`
	AmountCents int64       `json:"amount_cents"`
	Currency    string      `json:"currency"`
	Category    string      `json:"category"`
	Description string      `json:"description"`
	ReceiptURL  string      `json:"receipt_url,omitempty"`
	Status      ClaimStatus `json:"status"`
	CreatedAt   time.Time   `json:"created_at"`
	ApprovedAt  *time.Time  `json:"approved_at,omitempty"`
	ApprovedBy  string      `json:"approved_by,omitempty"`
}

type Reimbursement struct {
	ID               uuid.UUID `json:"id"`
	ClaimID          uuid.UUID `json:"claim_id"`
	EmployeeID       uuid.UUID `json:"employee_id"`
	AmountCents      int64     `json:"amount_cents"`
	Currency         string    `json:"currency"`
	Status           string    `json:"status"`
	StripeTransferID string    `json:"stripe_transfer_id,omitempty"`
	CreatedAt        time.Time `json:"created_at"`
}

type OffCyclePayment struct {
	ID                 uuid.UUID `json:"id"`
	CompanyID          uuid.UUID `json:"company_id"`
	EmployeeID         uuid.UUID `json:"employee_id"`
	AmountCents        int64     `json:"amount_cents"`
	Currency           string    `json:"currency"`
	Memo               string    `json:"memo"`
	ProviderTransferID string    `json:"provider_transfer_id"`
	CreatedAt          time.Time `json:"created_at"`
}

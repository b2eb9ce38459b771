package domain

import (
	"encoding/json"
	"time"
)

// Practice is a provider organisation using the clearinghouse.
type Practice struct {
	ID              string    `db:"id"`
	Name            string    `db:"name"`
	NPI             string    `db:"npi"`
	TaxID           string    `db:"tax_id"`
	StripeAccountID *string   `db:"stripe_account_id"`
	WebhookURL      *string   `db:"webhook_url"`
	WebhookSecret   *string   `db:"webhook_secret"`
	CreatedAt       time.Time `db:"created_at"`
}

// PatientAccount is a guarantor account at a practice.
type PatientAccount struct {
	ID             string          `db:"id"`
	PracticeID     string          `db:"practice_id"`
	AccountNumber  string          `db:"account_number"`
	PatientName    string          `db:"patient_name"`
	Phone          *string         `db:"phone"`
	SMSOptIn       bool            `db:"sms_opt_in"`
	MailingAddress json.RawMessage `db:"mailing_address"`
	BalanceCents   int64           `db:"balance_cents"`
	CreatedAt      time.Time       `db:"created_at"`
}

// Statement statuses.
const (
	StatementOpen   = "open"
	StatementMailed = "mailed"
	StatementPaid   = "paid"
	StatementVoid   = "void"
)

// Statement is a patient-responsibility bill.
type Statement struct {
	ID               string    `db:"id" json:"id"`
	ClaimID          string    `db:"claim_id" json:"claim_id"`
	PatientAccountID string    `db:"patient_account_id" json:"patient_account_id"`
	RemittanceID     *string   `db:"remittance_id" json:"remittance_id,omitempty"`
	Cycle            int       `db:"cycle" json:"cycle"`
	AmountDueCents   int64     `db:"amount_due_cents" json:"amount_due_cents"`
	Status           string    `db:"status" json:"status"`
	DueDate          time.Time `db:"due_date" json:"due_date"`
	IssuedAt         time.Time `db:"issued_at" json:"issued_at"`
}

// Copay payment statuses.
const (
	PaymentPending    = "pending"
	PaymentProcessing = "processing"
	PaymentSucceeded  = "succeeded"
	PaymentFailed     = "failed"
	PaymentRefunded   = "refunded"
)

// CopayPayment is a card payment against a statement.
type CopayPayment struct {
	ID                    string    `db:"id" json:"id"`
	StatementID           string    `db:"statement_id" json:"statement_id"`
	PatientAccountID      string    `db:"patient_account_id" json:"patient_account_id"`
	PracticeID            string    `db:"practice_id" json:"practice_id"`
	ClientReference       string    `db:"client_reference" json:"client_reference"`
	AmountCents           int64     `db:"amount_cents" json:"amount_cents"`
	StripePaymentIntentID *string   `db:"stripe_payment_intent_id" json:"stripe_payment_intent_id,omitempty"`
	Status                string    `db:"status" json:"status"`
	CreatedAt             time.Time `db:"created_at" json:"created_at"`
	UpdatedAt             time.Time `db:"updated_at" json:"updated_at"`
}

// CopayRefund is a refund of a co-pay.
type CopayRefund struct {
	ID              string    `db:"id" json:"id"`
	PaymentID       string    `db:"payment_id" json:"payment_id"`
	RefundRequestID string    `db:"refund_request_id" json:"refund_request_id"`
	AmountCents     int64     `db:"amount_cents" json:"amount_cents"`
	Reason          string    `db:"reason" json:"reason"`
	StripeRefundID  *string   `db:"stripe_refund_id" json:"stripe_refund_id,omitempty"`
	Status          string    `db:"status" json:"status"`
	CreatedAt       time.Time `db:"created_at" json:"created_at"`
}

// Ledger entry types.
const (
	LedgerCopayCollected = "copay_collected"
	LedgerPayerPayment   = "payer_payment"
	LedgerPayerReversal  = "payer_reversal"
	LedgerSubmissionFee  = "submission_fee"
	LedgerPayout         = "payout"
	LedgerRefund         = "copay_refund"
	LedgerManualAdjust   = "manual_adjustment"
)

// LedgerEntry is a movement on a practice's clearinghouse balance.
type LedgerEntry struct {
	ID             string    `db:"id"`
	PracticeID     string    `db:"practice_id"`
	EntryType      string    `db:"entry_type"`
	AmountCents    int64     `db:"amount_cents"`
	ClaimID        *string   `db:"claim_id"`
	PayoutID       *string   `db:"payout_id"`
	IdempotencyKey *string   `db:"idempotency_key"`
	Memo           string    `db:"memo"`
	CreatedAt      time.Time `db:"created_at"`
}

// Payout statuses.
const (
	PayoutPending = "pending"
	PayoutSent    = "sent"
	PayoutPaid    = "paid"
	PayoutFailed  = "failed"
)

// Payout transfers a practice's collected balance to its connected account.
type Payout struct {
	ID               string     `db:"id" json:"id"`
	PracticeID       string     `db:"practice_id" json:"practice_id"`
	PeriodEnd        time.Time  `db:"period_end" json:"period_end"`
	AmountCents      int64      `db:"amount_cents" json:"amount_cents"`
	StripeTransferID *string    `db:"stripe_transfer_id" json:"stripe_transfer_id,omitempty"`
	Status           string     `db:"status" json:"status"`
	CreatedAt        time.Time  `db:"created_at" json:"created_at"`
	PaidAt           *time.Time `db:"paid_at" json:"paid_at,omitempty"`
}

// Adjustment is a manual balance adjustment on a patient account.
type Adjustment struct {
	ID               string    `db:"id" json:"id"`
	PracticeID       string    `db:"practice_id" json:"practice_id"`
	PatientAccountID string    `db:"patient_account_id" json:"patient_account_id"`
	ClaimID          *string   `db:"claim_id" json:"claim_id,omitempty"`
	AmountCents      int64     `db:"amount_cents" json:"amount_cents"`
	ReasonCode       string    `db:"reason_code" json:"reason_code"`
	Note             string    `db:"note" json:"note"`
	CreatedBy        string    `db:"created_by" json:"created_by"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
}

// PaymentPlan spreads a patient balance over installments.
type PaymentPlan struct {
	ID               string        `db:"id" json:"id"`
	PatientAccountID string        `db:"patient_account_id" json:"patient_account_id"`
	TotalCents       int64         `db:"total_cents" json:"total_cents"`
	InstallmentCount int           `db:"installment_count" json:"installment_count"`
	FirstDueDate     time.Time     `db:"first_due_date" json:"first_due_date"`
	Status           string        `db:"status" json:"status"`
	CreatedAt        time.Time     `db:"created_at" json:"created_at"`
	Installments     []Installment `db:"-" json:"installments"`
}

// Installment is one scheduled payment of a plan.
type Installment struct {
	PlanID      string    `db:"plan_id" json:"-"`
	Seq         int       `db:"seq" json:"seq"`
	DueDate     time.Time `db:"due_date" json:"due_date"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Status      string    `db:"status" json:"status"`
}

// Payer is an insurance company reachable through the gateway.
type Payer struct {
	ID                  string `db:"id"`
	Name                string `db:"name"`
	PayerCode           string `db:"payer_code"`
	SupportsAttachments bool   `db:"supports_attachments"`
}

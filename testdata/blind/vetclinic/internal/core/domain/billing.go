package domain

import (
	"database/sql"
	"time"
)

type InvoiceStatus string

const (
	InvoiceOpen         InvoiceStatus = "open"
	InvoicePaid         InvoiceStatus = "paid"
	InvoicePartRefunded InvoiceStatus = "partially_refunded"
	InvoiceRefunded     InvoiceStatus = "refunded"
	InvoiceVoid         InvoiceStatus = "void"
)

type Invoice struct {
	ID                  string        `db:"id" json:"id"`
	AppointmentID       string        `db:"appointment_id" json:"appointment_id"`
	ClinicID            string        `db:"clinic_id" json:"clinic_id"`
	OwnerID             string        `db:"owner_id" json:"owner_id"`
	Currency            string        `db:"currency" json:"currency"`
	SubtotalCents       int64         `db:"subtotal_cents" json:"subtotal_cents"`
	DiscountCents       int64         `db:"discount_cents" json:"discount_cents"`
	LoyaltyCents        int64         `db:"loyalty_cents" json:"loyalty_cents"`
	DepositAppliedCents int64         `db:"deposit_applied_cents" json:"deposit_applied_cents"`
	TotalCents          int64         `db:"total_cents" json:"total_cents"`
	PaidCents           int64         `db:"paid_cents" json:"paid_cents"`
	RefundedCents       int64         `db:"refunded_cents" json:"refunded_cents"`
	Status              InvoiceStatus `db:"status" json:"status"`
	DueAt               time.Time     `db:"due_at" json:"due_at"`
	IssuedAt            time.Time     `db:"issued_at" json:"issued_at"`
	UpdatedAt           time.Time     `db:"updated_at" json:"updated_at"`
}

// Balance is what the owner still owes.
func (i Invoice) Balance() int64 {
	b := i.TotalCents - i.PaidCents + i.RefundedCents
	if b < 0 {
		return 0
	}
	return b
}

type InvoiceLine struct {
	ID          string `db:"id" json:"id"`
	InvoiceID   string `db:"invoice_id" json:"invoice_id"`
	Code        string `db:"code" json:"code"`
	Description string `db:"description" json:"description"`
	Quantity    int    `db:"quantity" json:"quantity"`
	UnitCents   int64  `db:"unit_cents" json:"unit_cents"`
}

type InvoiceAdjustment struct {
	ID          string    `db:"id" json:"id"`
	InvoiceID   string    `db:"invoice_id" json:"invoice_id"`
	Kind        string    `db:"kind" json:"kind"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Reason      string    `db:"reason" json:"reason"`
	CreatedBy   string    `db:"created_by" json:"created_by"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

type PaymentStatus string

const (
	PaymentPending   PaymentStatus = "pending"
	PaymentSucceeded PaymentStatus = "succeeded"
	PaymentFailed    PaymentStatus = "failed"
	PaymentRefunded  PaymentStatus = "refunded"
)

type Payment struct {
	ID                    string         `db:"id" json:"id"`
	InvoiceID             string         `db:"invoice_id" json:"invoice_id"`
	ClinicID              string         `db:"clinic_id" json:"clinic_id"`
	RequestKey            string         `db:"request_key" json:"-"`
	AmountCents           int64          `db:"amount_cents" json:"amount_cents"`
	Currency              string         `db:"currency" json:"currency"`
	Status                PaymentStatus  `db:"status" json:"status"`
	StripePaymentIntentID sql.NullString `db:"stripe_payment_intent_id" json:"-"`
	FailureReason         sql.NullString `db:"failure_reason" json:"-"`
	SettledAt             sql.NullTime   `db:"settled_at" json:"-"`
	SettlementID          sql.NullString `db:"settlement_id" json:"-"`
	CreatedAt             time.Time      `db:"created_at" json:"created_at"`
	UpdatedAt             time.Time      `db:"updated_at" json:"updated_at"`
}

type PaymentRefund struct {
	StripeRefundID string    `db:"stripe_refund_id"`
	PaymentID      string    `db:"payment_id"`
	InvoiceID      string    `db:"invoice_id"`
	AmountCents    int64     `db:"amount_cents"`
	RecordedAt     time.Time `db:"recorded_at"`
}

type Settlement struct {
	ID             string         `db:"id"`
	ClinicID       string         `db:"clinic_id"`
	BusinessDate   time.Time      `db:"business_date"`
	AmountCents    int64          `db:"amount_cents"`
	Currency       string         `db:"currency"`
	PaymentCount   int            `db:"payment_count"`
	Status         string         `db:"status"`
	BankTransferID sql.NullString `db:"bank_transfer_id"`
	SentAt         sql.NullTime   `db:"sent_at"`
	CreatedAt      time.Time      `db:"created_at"`
}

// SettlementTotals is the aggregate of one clinic's captured payments for a day.
type SettlementTotals struct {
	ClinicID     string `db:"clinic_id"`
	Currency     string `db:"currency"`
	AmountCents  int64  `db:"amount_cents"`
	PaymentCount int    `db:"payment_count"`
}

// OverdueInvoice is a row of the dunning scan.
type OverdueInvoice struct {
	InvoiceID    string    `db:"invoice_id"`
	OwnerEmail   string    `db:"owner_email"`
	OwnerName    string    `db:"owner_name"`
	ClinicName   string    `db:"clinic_name"`
	BalanceCents int64     `db:"balance_cents"`
	Currency     string    `db:"currency"`
	DueAt        time.Time `db:"due_at"`
}

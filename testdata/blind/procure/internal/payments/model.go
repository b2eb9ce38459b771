// Package payments pays suppliers through the bank's payments API.
package payments

import (
	"errors"
	"time"
)

// Payment statuses.
const (
	StatusScheduled  = "scheduled"
	StatusSubmitting = "submitting"
	StatusSubmitted  = "submitted"
	StatusSettled    = "settled"
	StatusRejected   = "rejected"
	StatusReturned   = "returned"
	StatusCancelled  = "cancelled"
)

// ErrInvalidState is returned when a payment's status forbids an operation.
var ErrInvalidState = errors.New("payment is not in a state that allows this")

// Payment is a supplier payment for one invoice.
type Payment struct {
	ID            string    `db:"id" json:"id"`
	InvoiceID     string    `db:"invoice_id" json:"invoice_id"`
	SupplierID    string    `db:"supplier_id" json:"supplier_id"`
	AmountMinor   int64     `db:"amount_minor" json:"amount_minor"`
	DiscountMinor int64     `db:"discount_minor" json:"discount_minor"`
	Currency      string    `db:"currency" json:"currency"`
	ScheduledFor  time.Time `db:"scheduled_for" json:"scheduled_for"`
	Status        string    `db:"status" json:"status"`
	BankPaymentID *string   `db:"bank_payment_id" json:"bank_payment_id,omitempty"`
	FailureReason *string   `db:"failure_reason" json:"failure_reason,omitempty"`
	CreatedAt     time.Time `db:"created_at" json:"created_at"`
	UpdatedAt     time.Time `db:"updated_at" json:"updated_at"`
}

// Prepayment is the advance paid on a PO.
type Prepayment struct {
	POID          string     `db:"po_id"`
	AmountMinor   int64      `db:"amount_minor"`
	Currency      string     `db:"currency"`
	Status        string     `db:"status"`
	BankPaymentID *string    `db:"bank_payment_id"`
	PaidAt        *time.Time `db:"paid_at"`
}

// Remittance tracks the REMADV sent for a payment.
type Remittance struct {
	PaymentID      string     `db:"payment_id"`
	Status         string     `db:"status"`
	InterchangeRef *string    `db:"interchange_ref"`
	SentAt         *time.Time `db:"sent_at"`
}

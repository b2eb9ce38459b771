package domain

import "time"

// InvoiceStatus is the collection state of a dues invoice.
type InvoiceStatus string

const (
	InvoiceOpen       InvoiceStatus = "open"
	InvoiceProcessing InvoiceStatus = "processing"
	InvoicePaid       InvoiceStatus = "paid"
	InvoiceFailed     InvoiceStatus = "failed"
	InvoiceVoid       InvoiceStatus = "void"
)

// Invoice is one member's dues for one billing period ("2024-05").
type Invoice struct {
	ID                string        `db:"id" json:"id"`
	MemberID          string        `db:"member_id" json:"member_id"`
	Period            string        `db:"period" json:"period"`
	AmountCents       int64         `db:"amount_cents" json:"amount_cents"`
	Status            InvoiceStatus `db:"status" json:"status"`
	ProcessorChargeID *string       `db:"processor_charge_id" json:"processor_charge_id,omitempty"`
	FailureCount      int           `db:"failure_count" json:"failure_count"`
	LastFailureCode   *string       `db:"last_failure_code" json:"last_failure_code,omitempty"`
	PaidAt            *time.Time    `db:"paid_at" json:"paid_at,omitempty"`
	CreatedAt         time.Time     `db:"created_at" json:"created_at"`
	UpdatedAt         time.Time     `db:"updated_at" json:"updated_at"`
}

// PaymentAttempt is an append-only record of one collection attempt.
type PaymentAttempt struct {
	ID             string    `db:"id"`
	InvoiceID      string    `db:"invoice_id"`
	IdempotencyKey string    `db:"idempotency_key"`
	Channel        string    `db:"channel"`
	Outcome        string    `db:"outcome"`
	Detail         string    `db:"detail"`
	CreatedAt      time.Time `db:"created_at"`
}

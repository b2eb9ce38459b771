package domain

import (
	"time"

	"github.com/google/uuid"
)

// Invoice bills one delivered order.
type Invoice struct {
	ID                 uuid.UUID  `db:"id" json:"id"`
	InvoiceNumber      string     `db:"invoice_number" json:"invoice_number"`
	OrderID            uuid.UUID  `db:"order_id" json:"order_id"`
	CustomerID         uuid.UUID  `db:"customer_id" json:"customer_id"`
	SubtotalPence      int        `db:"subtotal_pence" json:"subtotal_pence"`
	CreditedPence      int        `db:"credited_pence" json:"credited_pence"`
	PaidPence          int        `db:"paid_pence" json:"paid_pence"`
	Status             string     `db:"status" json:"status"`
	CollectionAttempts int        `db:"collection_attempts" json:"collection_attempts"`
	IssuedOn           time.Time  `db:"issued_on" json:"issued_on"`
	DueOn              time.Time  `db:"due_on" json:"due_on"`
	EmailedAt          *time.Time `db:"emailed_at" json:"emailed_at,omitempty"`
	CreatedAt          time.Time  `db:"created_at" json:"created_at"`
}

// BalancePence is what the customer still owes.
func (i Invoice) BalancePence() int {
	b := i.SubtotalPence - i.CreditedPence - i.PaidPence
	if b < 0 {
		return 0
	}
	return b
}

// Payment is a collection attempt against an invoice.
type Payment struct {
	ID                uuid.UUID `db:"id" json:"id"`
	InvoiceID         uuid.UUID `db:"invoice_id" json:"invoice_id"`
	Method            string    `db:"method" json:"method"`
	Provider          string    `db:"provider" json:"provider"`
	ProviderPaymentID string    `db:"provider_payment_id" json:"provider_payment_id"`
	AmountPence       int       `db:"amount_pence" json:"amount_pence"`
	Status            string    `db:"status" json:"status"`
	CreatedAt         time.Time `db:"created_at" json:"created_at"`
}

// CreditNote reduces what a customer owes for an order.
type CreditNote struct {
	ID           uuid.UUID        `db:"id" json:"id"`
	CreditNumber string           `db:"credit_number" json:"credit_number"`
	CustomerID   uuid.UUID        `db:"customer_id" json:"customer_id"`
	OrderID      uuid.UUID        `db:"order_id" json:"order_id"`
	InvoiceID    *uuid.UUID       `db:"invoice_id" json:"invoice_id,omitempty"`
	DeliveryID   *uuid.UUID       `db:"delivery_id" json:"delivery_id,omitempty"`
	Reason       string           `db:"reason" json:"reason"`
	AmountPence  int              `db:"amount_pence" json:"amount_pence"`
	Status       string           `db:"status" json:"status"`
	RaisedBy     string           `db:"raised_by" json:"raised_by"`
	CreatedAt    time.Time        `db:"created_at" json:"created_at"`
	Lines        []CreditNoteLine `db:"-" json:"lines"`
}

// CreditNoteLine is one credited product.
type CreditNoteLine struct {
	CreditNoteID uuid.UUID `db:"credit_note_id" json:"-"`
	ProductID    uuid.UUID `db:"product_id" json:"product_id"`
	Quantity     int       `db:"quantity" json:"quantity"`
	AmountPence  int       `db:"amount_pence" json:"amount_pence"`
}

// Refund returns money for a credit note against a collected payment.
type Refund struct {
	ID               uuid.UUID `db:"id" json:"id"`
	CreditNoteID     uuid.UUID `db:"credit_note_id" json:"credit_note_id"`
	PaymentID        uuid.UUID `db:"payment_id" json:"payment_id"`
	ProviderRefundID string    `db:"provider_refund_id" json:"provider_refund_id"`
	AmountPence      int       `db:"amount_pence" json:"amount_pence"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
}

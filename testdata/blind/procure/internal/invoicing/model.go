// Package invoicing handles supplier invoices, the three-way match against
// PO and receipts, credit notes and early-payment discount offers.
package invoicing

import (
	"errors"
	"fmt"
	"time"
)

// Invoice statuses.
const (
	StatusReceived        = "received"
	StatusAwaitingReceipt = "awaiting_receipt"
	StatusMismatch        = "mismatch"
	StatusMatched         = "matched"
	StatusApproved        = "approved"
	StatusPaid            = "paid"
	StatusCancelled       = "cancelled"
)

// ErrInvalidState is returned when an invoice's status forbids an operation.
var ErrInvalidState = errors.New("invoice is not in a state that allows this")

// Invoice is a supplier invoice.
type Invoice struct {
	ID            string     `db:"id" json:"id"`
	SupplierID    string     `db:"supplier_id" json:"supplier_id"`
	InvoiceNumber string     `db:"invoice_number" json:"invoice_number"`
	POID          string     `db:"po_id" json:"po_id"`
	Currency      string     `db:"currency" json:"currency"`
	NetMinor      int64      `db:"net_minor" json:"net_minor"`
	TaxMinor      int64      `db:"tax_minor" json:"tax_minor"`
	GrossMinor    int64      `db:"gross_minor" json:"gross_minor"`
	OpenMinor     int64      `db:"open_minor" json:"open_minor"`
	InvoiceDate   time.Time  `db:"invoice_date" json:"invoice_date"`
	DueDate       time.Time  `db:"due_date" json:"due_date"`
	DiscountPct   float64    `db:"discount_pct" json:"discount_pct"`
	DiscountUntil *time.Time `db:"discount_until" json:"discount_until,omitempty"`
	Status        string     `db:"status" json:"status"`
	Source        string     `db:"source" json:"source"`
	CreatedAt     time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt     time.Time  `db:"updated_at" json:"updated_at"`

	Lines []InvoiceLine `db:"-" json:"lines,omitempty"`
}

// DiscountAvailable reports whether paying on day still earns the discount.
func (i Invoice) DiscountAvailable(day time.Time) bool {
	if i.DiscountPct <= 0 || i.DiscountUntil == nil {
		return false
	}
	return !day.After(*i.DiscountUntil)
}

// DiscountMinor is the early-payment discount on the open amount.
func (i Invoice) DiscountMinor() int64 {
	return int64(float64(i.OpenMinor) * i.DiscountPct / 100)
}

// InvoiceLine is a billed quantity against a PO line.
type InvoiceLine struct {
	InvoiceID      string  `db:"invoice_id" json:"-"`
	LineNo         int     `db:"line_no" json:"line_no"`
	POLineNo       int     `db:"po_line_no" json:"po_line_no"`
	Quantity       float64 `db:"quantity" json:"quantity"`
	UnitPriceMinor int64   `db:"unit_price_minor" json:"unit_price_minor"`
}

// CreateInput is an invoice keyed in by AP or received from the partner.
type CreateInput struct {
	SupplierID    string      `json:"supplier_id"`
	InvoiceNumber string      `json:"invoice_number"`
	POID          string      `json:"po_id"`
	Currency      string      `json:"currency"`
	NetMinor      int64       `json:"net_minor"`
	TaxMinor      int64       `json:"tax_minor"`
	InvoiceDate   string      `json:"invoice_date"`
	Lines         []LineInput `json:"lines"`
}

// LineInput is one billed line.
type LineInput struct {
	POLineNo       int     `json:"po_line_no"`
	Quantity       float64 `json:"quantity"`
	UnitPriceMinor int64   `json:"unit_price_minor"`
}

// Validate checks required fields.
func (in CreateInput) Validate() error {
	if in.SupplierID == "" || in.InvoiceNumber == "" || in.POID == "" {
		return fmt.Errorf("supplier_id, invoice_number and po_id are required")
	}
	if _, err := time.Parse("2006-01-02", in.InvoiceDate); err != nil {
		return fmt.Errorf("invoice_date: %w", err)
	}
	if len(in.Lines) == 0 {
		return fmt.Errorf("at least one line is required")
	}
	return nil
}

// Match is the outcome of a three-way match.
type Match struct {
	InvoiceID          string  `db:"invoice_id" json:"invoice_id"`
	Result             string  `db:"result" json:"result"`
	QtyVariance        float64 `db:"qty_variance" json:"qty_variance"`
	PriceVarianceMinor int64   `db:"price_variance_minor" json:"price_variance_minor"`
	Details            []byte  `db:"details" json:"-"`
}

// CreditNote reduces what we owe a supplier.
type CreditNote struct {
	ID               string     `db:"id" json:"id"`
	SupplierID       string     `db:"supplier_id" json:"supplier_id"`
	CreditNoteNumber string     `db:"credit_note_number" json:"credit_note_number"`
	InvoiceID        *string    `db:"invoice_id" json:"invoice_id,omitempty"`
	AmountMinor      int64      `db:"amount_minor" json:"amount_minor"`
	Currency         string     `db:"currency" json:"currency"`
	Reason           string     `db:"reason" json:"reason"`
	Status           string     `db:"status" json:"status"`
	CreatedAt        time.Time  `db:"created_at" json:"created_at"`
	AppliedAt        *time.Time `db:"applied_at" json:"applied_at,omitempty"`
}

// CreditNoteInput is the body of POST /credit-notes.
type CreditNoteInput struct {
	SupplierID       string `json:"supplier_id"`
	CreditNoteNumber string `json:"credit_note_number"`
	InvoiceID        string `json:"invoice_id,omitempty"`
	AmountMinor      int64  `json:"amount_minor"`
	Currency         string `json:"currency"`
	Reason           string `json:"reason"`
}

// DiscountOffer proposes paying early against a discount.
type DiscountOffer struct {
	ID             string    `db:"id"`
	InvoiceID      string    `db:"invoice_id"`
	DiscountPct    float64   `db:"discount_pct"`
	PayAmountMinor int64     `db:"pay_amount_minor"`
	ValidUntil     time.Time `db:"valid_until"`
	Status         string    `db:"status"`
}

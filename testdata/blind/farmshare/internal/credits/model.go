// Package credits owns member credit balances: grants for skipped weeks and
// failed deliveries, transfers between members and application to invoices.
package credits

import (
	"errors"
	"time"
)

// Ledger sources.
const (
	SourceWeekSkip       = "week_skip"
	SourceDeliveryFailed = "delivery_failed"
	SourceTransferIn     = "transfer_in"
	SourceTransferOut    = "transfer_out"
	SourceInvoice        = "invoice"
)

// Entry is one movement on a member's credit balance.
type Entry struct {
	ID          string    `db:"id" json:"id"`
	MemberID    string    `db:"member_id" json:"member_id"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Source      string    `db:"source" json:"source"`
	SourceRef   *string   `db:"source_ref" json:"source_ref,omitempty"`
	Note        *string   `db:"note" json:"note,omitempty"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

// GrantRequest adds credit to a member.
type GrantRequest struct {
	MemberID    string
	AmountCents int64
	Source      string
	SourceRef   string
	Note        string
}

// Statement is a member's balance with recent entries.
type Statement struct {
	MemberID     string  `json:"member_id"`
	BalanceCents int64   `json:"balance_cents"`
	Entries      []Entry `json:"entries"`
}

// TransferRequest is the body of POST /members/:id/credits/transfer.
type TransferRequest struct {
	ToMemberID  string `json:"to_member_id"`
	AmountCents int64  `json:"amount_cents"`
	Message     string `json:"message"`
}

// Validate checks the transfer.
func (r TransferRequest) Validate() error {
	if r.ToMemberID == "" {
		return errors.New("to_member_id is required")
	}
	if r.AmountCents <= 0 || r.AmountCents > 50_00 {
		return errors.New("amount_cents must be between 1 and 5000")
	}
	return nil
}

// Transfer is the result of a transfer.
type Transfer struct {
	FromMemberID string `json:"from_member_id"`
	ToMemberID   string `json:"to_member_id"`
	AmountCents  int64  `json:"amount_cents"`
	DebitEntry   string `json:"debit_entry_id"`
	CreditEntry  string `json:"credit_entry_id"`
}

// ApplyRequest is the body of POST /members/:id/credits/apply.
type ApplyRequest struct {
	InvoiceID string `json:"invoice_id"`
}

// Validate checks the request.
func (r ApplyRequest) Validate() error {
	if r.InvoiceID == "" {
		return errors.New("invoice_id is required")
	}
	return nil
}

// Application is the result of applying credit to an invoice.
type Application struct {
	InvoiceID    string `json:"invoice_id"`
	AppliedCents int64  `json:"applied_cents"`
	AlreadyDone  bool   `json:"already_applied"`
}

// Package ledger holds the owner-ledger entry type shared by billing,
// payments and violations.
package ledger

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Kind classifies a ledger entry.
type Kind string

const (
	KindDues       Kind = "dues"
	KindLateFee    Kind = "late_fee"
	KindFine       Kind = "fine"
	KindNSFFee     Kind = "nsf_fee"
	KindPayment    Kind = "payment"
	KindAdjustment Kind = "adjustment"
	KindDeposit    Kind = "deposit"
)

// Entry is one line on an owner's ledger. Positive amounts are owed by the
// owner; credits are negative.
type Entry struct {
	ID          uuid.UUID  `db:"id" json:"id"`
	AccountID   uuid.UUID  `db:"account_id" json:"account_id"`
	InvoiceID   *uuid.UUID `db:"invoice_id" json:"invoice_id,omitempty"`
	Kind        Kind       `db:"kind" json:"kind"`
	AmountCents int64      `db:"amount_cents" json:"amount_cents"`
	Memo        string     `db:"memo" json:"memo"`
	SourceRef   *string    `db:"source_ref" json:"source_ref,omitempty"`
	CreatedBy   string     `db:"created_by" json:"created_by"`
	CreatedAt   time.Time  `db:"created_at" json:"created_at"`
}

// Writer appends entries to the ledger.
type Writer interface {
	Insert(ctx context.Context, e Entry) error
}

// Ref is a small helper for the optional source reference.
func Ref(s string) *string { return &s }

// Package ledger builds and validates double-entry journals for the IOLTA
// trust ledger. Every movement of client money is a balanced journal; the
// repository layer persists them and the reconciler checks the books.
package ledger

import (
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/money"
)

// Well-known accounts seeded by migration 000002.
const (
	TrustCash     = "trust:cash"
	OperatingCash = "operating:cash"
	FeeIncome     = "income:fees"
	Suspense      = "trust:suspense"
)

// Source types recorded on journal entries.
const (
	SourceDeposit       = "deposit"
	SourceDisbursement  = "disbursement"
	SourceReturn        = "disbursement_return"
	SourceHoldback      = "holdback_release"
	SourceFeeDraw       = "fee_draw"
	SourceLienCheck     = "lien_check"
	SourceLienCheckVoid = "lien_check_void"
	SourceTrustTransfer = "trust_transfer"
	SourceAdjustment    = "adjustment"
)

// Line is one side of a journal.
type Line struct {
	Account string      `db:"account_code" json:"account"`
	Debit   money.Cents `db:"debit_cents" json:"debit_cents"`
	Credit  money.Cents `db:"credit_cents" json:"credit_cents"`
}

// Journal is a balanced set of lines posted atomically.
type Journal struct {
	ID           string    `db:"id" json:"id"`
	SettlementID *string   `db:"settlement_id" json:"settlement_id,omitempty"`
	SourceType   string    `db:"source_type" json:"source_type"`
	SourceID     *string   `db:"source_id" json:"source_id,omitempty"`
	Memo         string    `db:"memo" json:"memo"`
	CreatedBy    string    `db:"created_by" json:"created_by"`
	PostedAt     time.Time `db:"posted_at" json:"posted_at"`
	Lines        []Line    `db:"-" json:"lines"`
}

// NewJournal starts a journal of the given source type.
func NewJournal(sourceType, memo string) *Journal {
	return &Journal{
		ID:         uuid.NewString(),
		SourceType: sourceType,
		Memo:       memo,
		CreatedBy:  "system",
		PostedAt:   time.Now().UTC(),
	}
}

// Sourced marks the journal as posted for a specific source document. The
// (source_type, source_id) pair is unique, so posting the same source twice
// is a no-op.
func (j *Journal) Sourced(sourceID string) *Journal {
	j.SourceID = &sourceID
	return j
}

// ForSettlement tags the journal with its settlement.
func (j *Journal) ForSettlement(settlementID string) *Journal {
	j.SettlementID = &settlementID
	return j
}

// By records the acting user.
func (j *Journal) By(actor string) *Journal {
	if actor != "" {
		j.CreatedBy = actor
	}
	return j
}

// Debit adds a debit line.
func (j *Journal) Debit(account string, amt money.Cents) *Journal {
	j.Lines = append(j.Lines, Line{Account: account, Debit: amt})
	return j
}

// Credit adds a credit line.
func (j *Journal) Credit(account string, amt money.Cents) *Journal {
	j.Lines = append(j.Lines, Line{Account: account, Credit: amt})
	return j
}

// Totals returns the debit and credit sums.
func (j *Journal) Totals() (debits, credits money.Cents) {
	for _, l := range j.Lines {
		debits += l.Debit
		credits += l.Credit
	}
	return debits, credits
}

// Validate checks that the journal is well formed and balances.
func (j *Journal) Validate() error {
	if j.SourceType == "" {
		return fmt.Errorf("%w: missing source type", domain.ErrValidation)
	}
	if len(j.Lines) < 2 {
		return fmt.Errorf("%w: a journal needs at least two lines", domain.ErrUnbalancedJournal)
	}
	for i, l := range j.Lines {
		if l.Account == "" {
			return fmt.Errorf("%w: line %d has no account", domain.ErrValidation, i)
		}
		if l.Debit < 0 || l.Credit < 0 {
			return fmt.Errorf("%w: line %d has a negative amount", domain.ErrValidation, i)
		}
		if (l.Debit == 0) == (l.Credit == 0) {
			return fmt.Errorf("%w: line %d must be exactly one of debit or credit", domain.ErrValidation, i)
		}
	}
	d, c := j.Totals()
	if d != c {
		return fmt.Errorf("%w: debits %s != credits %s", domain.ErrUnbalancedJournal, d, c)
	}
	return nil
}

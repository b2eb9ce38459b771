package store

import (
	"context"
	"time"
)

// LedgerEntry is one movement on a customer's account credit.
type LedgerEntry struct {
	ID          string    `db:"id"`
	CustomerID  string    `db:"customer_id"`
	Kind        string    `db:"kind"`
	AmountCents int64     `db:"amount_cents"`
	Reference   *string   `db:"reference"`
	Memo        *string   `db:"memo"`
	CreatedBy   *string   `db:"created_by"`
	CreatedAt   time.Time `db:"created_at"`
}

// Ledger kinds.
const (
	LedgerManualCredit  = "manual_credit"
	LedgerDepositRefund = "deposit_refund"
	LedgerTicketCredit  = "ticket_credit"
)

// Ledger records account credit movements.
type Ledger interface {
	Insert(ctx context.Context, q Querier, e LedgerEntry) (LedgerEntry, error)
	ForCustomer(ctx context.Context, q Querier, customerID string, limit int) ([]LedgerEntry, error)
}

type ledgerRepo struct{}

// NewLedger returns the Postgres ledger repository.
func NewLedger() Ledger { return ledgerRepo{} }

const ledgerCols = `id, customer_id, kind, amount_cents, reference, memo, created_by, created_at`

func (ledgerRepo) Insert(ctx context.Context, q Querier, e LedgerEntry) (LedgerEntry, error) {
	return one[LedgerEntry](q.Query(ctx, `
		INSERT INTO customer_ledger (id, customer_id, kind, amount_cents, reference, memo, created_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		RETURNING `+ledgerCols,
		e.ID, e.CustomerID, e.Kind, e.AmountCents, e.Reference, e.Memo, e.CreatedBy))
}

func (ledgerRepo) ForCustomer(ctx context.Context, q Querier, customerID string, limit int) ([]LedgerEntry, error) {
	return many[LedgerEntry](q.Query(ctx,
		`SELECT `+ledgerCols+` FROM customer_ledger WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2`,
		customerID, limit))
}

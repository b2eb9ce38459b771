package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

type LedgerRepository interface {
	Append(ctx context.Context, tx *sqlx.Tx, e domain.LedgerEntry) error
}

type ledgerRepo struct{ db *sqlx.DB }

func NewLedgerRepository(db *sqlx.DB) LedgerRepository { return &ledgerRepo{db: db} }

func (r *ledgerRepo) Append(ctx context.Context, tx *sqlx.Tx, e domain.LedgerEntry) error {
	_, err := sqlx.NamedExecContext(ctx, q(r.db, tx), `
		INSERT INTO ledger_entries (id, account_id, kind, amount_cents, currency, reference, created_at)
		VALUES (:id, :account_id, :kind, :amount_cents, :currency, :reference, :created_at)`, e)
	return err
}

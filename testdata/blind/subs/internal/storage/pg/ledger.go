package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type LedgerRepo struct{ db sqlx.ExtContext }

func NewLedgerRepo(db sqlx.ExtContext) *LedgerRepo { return &LedgerRepo{db: db} }

func (r *LedgerRepo) WithTx(tx sqlx.ExtContext) billing.LedgerRepository { return &LedgerRepo{db: tx} }

func (r *LedgerRepo) Append(ctx context.Context, e billing.LedgerEntry) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO ledger_entries (id, customer_id, invoice_id, account, amount_cents, memo)
		VALUES (:id, :customer_id, :invoice_id, :account, :amount_cents, :memo)
		ON CONFLICT (id) DO NOTHING`, e)
	return mapErr("ledger.append", err)
}

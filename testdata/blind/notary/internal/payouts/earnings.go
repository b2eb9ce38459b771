// Package payouts tracks notary earnings and pays them out monthly.
package payouts

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
)

// Ledger is the notary earnings ledger.
type Ledger struct {
	db *sqlx.DB
}

func NewLedger(db *sqlx.DB) *Ledger {
	return &Ledger{db: db}
}

// Credit appends an earning line.
func (l *Ledger) Credit(ctx context.Context, e domain.Earning) error {
	_, err := sqlx.NamedExecContext(ctx, dbx.Ext(ctx, l.db), `
		INSERT INTO notary_earnings (notary_id, fee_id, amount_cents)
		VALUES (:notary_id, :fee_id, :amount_cents)`, e)
	return err
}

// AddToBalance keeps the running balance shown on the notary dashboard.
func (l *Ledger) AddToBalance(ctx context.Context, notaryID string, cents int64) error {
	_, err := dbx.Ext(ctx, l.db).ExecContext(ctx, `
		INSERT INTO notary_balances (notary_id, unpaid_cents) VALUES ($1, $2)
		ON CONFLICT (notary_id) DO UPDATE
		SET unpaid_cents = notary_balances.unpaid_cents + EXCLUDED.unpaid_cents, updated_at = now()`,
		notaryID, cents)
	return err
}

package payouts

import (
	"context"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// BalanceLedger maintains installer_balances.
type BalanceLedger struct {
	db database.DBTX
	tx database.TxManager
}

// NewBalanceLedger builds a BalanceLedger.
func NewBalanceLedger(db database.DBTX, tx database.TxManager) *BalanceLedger {
	return &BalanceLedger{db: db, tx: tx}
}

// Credit adds cents to an installer's pending balance.
func (l *BalanceLedger) Credit(ctx context.Context, installerID uuid.UUID, cents int64) error {
	return l.tx.WithinTx(ctx, func(ctx context.Context) error {
		_, err := database.Executor(ctx, l.db).ExecContext(ctx, `
			INSERT INTO installer_balances (installer_id, pending_cents) VALUES ($1, $2)
			ON CONFLICT (installer_id) DO UPDATE
			SET pending_cents = installer_balances.pending_cents + EXCLUDED.pending_cents, updated_at = now()`,
			installerID, cents)
		return err
	})
}

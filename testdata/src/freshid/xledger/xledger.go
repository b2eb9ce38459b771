// Package xledger posts ledger entries under IDs it makes.
package xledger

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

// Post inserts an entry on the caller's transaction.
func Post(ctx context.Context, tx *sql.Tx, account string, cents int64) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO ledger_entries (id, account, cents) VALUES ($1, $2, $3)", uuid.NewString(), account, cents)
	return err
}

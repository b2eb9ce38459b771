package claimlite

import (
	"context"
	"database/sql"

	_ "github.com/mattn/go-sqlite3"
)

var db *sql.DB

// SQLite: ON CONFLICT DO NOTHING, with ? placeholders in the order of
// the arguments.
func consume(ctx context.Context, tenant, msgID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var seen bool
	db.QueryRowContext(ctx, "SELECT true FROM inbox WHERE tenant = ? AND message_id = ?", tenant, msgID).Scan(&seen) // want `passes the same check`
	if seen {
		return nil
	}
	tx.ExecContext(ctx, "INSERT INTO notes (body) VALUES (?)", "x")
	tx.ExecContext(ctx, "INSERT INTO inbox (tenant, message_id) VALUES (?, ?)", tenant, msgID)
	return tx.Commit()
}

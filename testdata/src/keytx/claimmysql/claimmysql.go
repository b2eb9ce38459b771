package claimmysql

import (
	"context"
	"database/sql"

	_ "github.com/go-sql-driver/mysql"
)

var db *sql.DB

// MySQL: INSERT IGNORE affects no row on a duplicate, whatever the
// driver's found-rows setting.
func consume(ctx context.Context, msgID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM processed_messages WHERE message_id = ?", msgID).Scan(&n); err != nil { // want `passes the same check`
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = ?", "a"); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO processed_messages (message_id) VALUES (?)", msgID); err != nil {
		return err
	}
	return tx.Commit()
}

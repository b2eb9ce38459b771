package a

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"example.com/dbutil"
)

// Negative: for each session, the write on the database runs only on
// the branch that leaves before the transaction, whose callback writes
// the rest.
func idleFees(ctx context.Context, t *asynq.Task) error {
	for _, fee := range t.Payload() {
		if err := billIdle(ctx, int(fee)); err != nil {
			return err
		}
	}
	return nil
}

func billIdle(ctx context.Context, fee int) error {
	if fee == 0 {
		_, err := db.ExecContext(ctx, "UPDATE sessions SET idle_charged_at = now() WHERE id = 1")
		return err
	}
	return dbutil.WithTx(ctx, db, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "INSERT INTO idle_fees (session_id, amount) VALUES (1, $1)", fee); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "UPDATE sessions SET idle_charged_at = now() WHERE id = 1")
		return err
	})
}

// The count on the database before the transaction, on the path to it.
func idleFeesCounted(ctx context.Context, t *asynq.Task) error {
	for _, fee := range t.Payload() {
		if err := billCounted(ctx, int(fee)); err != nil {
			return err
		}
	}
	return nil
}

func billCounted(ctx context.Context, fee int) error {
	if _, err := db.ExecContext(ctx, "UPDATE sessions SET idle_count = idle_count + 1 WHERE id = 1"); err != nil { // want `2 writes commit separately and the UPDATE of sessions \(it computes from the current value\) is not idempotent`
		return err
	}
	return dbutil.WithTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO idle_fees (session_id, amount) VALUES (1, $1)", fee)
		return err
	})
}

// A usage line claimed on its own, whose rows affected a helper of
// another package counts, and the total it lets through on its own: a
// failure between them leaves the total short, and the retry stops at
// the claimed line.
func bookUsage(ctx context.Context, t *asynq.Task) error {
	res, err := db.ExecContext(ctx, "INSERT INTO usage_lines (session_id) VALUES ($1) ON CONFLICT DO NOTHING", t.ResultWriter().TaskID())
	if err != nil {
		return err
	}
	if dbutil.Affected(res) == 0 {
		return nil
	}
	_, err = db.ExecContext(ctx, "UPDATE fleet_accounts SET unbilled = unbilled + 10 WHERE id = 1") // want `the dedup guard stops the retry that would finish it`
	return err
}

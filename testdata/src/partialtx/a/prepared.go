package a

import (
	"context"

	"github.com/hibiken/asynq"
)

// A debit and its ledger row as prepared statements on the database,
// each committed on its own.
func debitPrepared(ctx context.Context, t *asynq.Task) error {
	debit, err := db.PrepareContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2")
	if err != nil {
		return err
	}
	defer debit.Close()
	if _, err := debit.ExecContext(ctx, 10, 1); err != nil { // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) is not idempotent \(asynq handler debitPrepared\)`
		return err
	}
	entry, err := db.PrepareContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)")
	if err != nil {
		return err
	}
	defer entry.Close()
	_, err = entry.ExecContext(ctx, 1, -10)
	return err
}

// Negative: both prepared in one transaction.
func debitPreparedTx(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	debit, err := tx.PrepareContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2")
	if err != nil {
		return err
	}
	if _, err := debit.ExecContext(ctx, 10, 1); err != nil {
		return err
	}
	entry, err := tx.PrepareContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)")
	if err != nil {
		return err
	}
	if _, err := entry.ExecContext(ctx, 1, -10); err != nil {
		return err
	}
	return tx.Commit()
}

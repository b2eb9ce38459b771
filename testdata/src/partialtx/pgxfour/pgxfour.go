// Package pgxfour writes through pgx v4's pool, its transactions and its
// BeginFunc.
package pgxfour

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

var pool *pgxpool.Pool

// A debit and its ledger row, each committed on its own.
func debit(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, debitQuery, 10, 1); err != nil { // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) is not idempotent \(asynq handler debit\)`
		return err
	}
	_, err := pool.Exec(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", 1, -10)
	return err
}

// Negative: both in one transaction.
func debitTx(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, debitQuery, 10, 1); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", 1, -10); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Negative: both in BeginFunc's transaction.
func debitFunc(ctx context.Context, t *asynq.Task) error {
	return pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, debitQuery, 10, 1); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", 1, -10)
		return err
	})
}

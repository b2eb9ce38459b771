// Package squirrelcase writes through statements squirrel renders.
package squirrelcase

import (
	"context"

	sq "github.com/Masterminds/squirrel"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

var pool *pgxpool.Pool

// A debit and its ledger row, each committed on its own.
func debit(ctx context.Context, t *asynq.Task) error {
	q, args, err := sq.Update("accounts").Set("balance", sq.Expr("balance - ?", 10)).Where(sq.Eq{"id": 1}).ToSql()
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, q, args...); err != nil { // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) is not idempotent \(asynq handler debit\)`
		return err
	}
	q, args, err = sq.Insert("ledger").Columns("account_id", "amount").Values(1, -10).ToSql()
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, q, args...)
	return err
}

// Negative: both in one transaction.
func debitTx(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q, args, _ := sq.Update("accounts").Set("balance", sq.Expr("balance - ?", 10)).Where(sq.Eq{"id": 1}).ToSql()
	if _, err := tx.Exec(ctx, q, args...); err != nil {
		return err
	}
	q, args, _ = sq.Insert("ledger").Columns("account_id", "amount").Values(1, -10).ToSql()
	if _, err := tx.Exec(ctx, q, args...); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Package squirrelcase writes through statements squirrel renders.
package squirrelcase

import (
	"context"
	"database/sql"

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

var db *sql.DB

// A debit and its ledger row that the builder runs, each committed on
// its own.
func move(ctx context.Context, t *asynq.Task) error {
	if _, err := sq.Update("accounts").Set("balance", sq.Expr("balance - ?", 10)).Where("id = ?", 1).RunWith(db).ExecContext(ctx); err != nil { // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) is not idempotent \(asynq handler move\)`
		return err
	}
	_, err := sq.Insert("ledger").Columns("account_id", "amount").Values(1, -10).RunWith(db).ExecContext(ctx)
	return err
}

// Negative: the builder runs both on one transaction.
func moveTx(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := sq.Update("accounts").Set("balance", sq.Expr("balance - ?", 10)).Where(sq.Eq{"id": 1}).RunWith(tx).ExecContext(ctx); err != nil {
		return err
	}
	if _, err := sq.Insert("ledger").Columns("account_id", "amount").Values(1, -10).RunWith(tx).ExecContext(ctx); err != nil {
		return err
	}
	return tx.Commit()
}

// accounts begins its statements on the database, in a helper.
type accounts struct{ db *sql.DB }

func (a accounts) update(table string) sq.UpdateBuilder { return sq.Update(table).RunWith(a.db) }

func (a accounts) insert(table string) sq.InsertBuilder { return sq.Insert(table).RunWith(a.db) }

var accts accounts

// The same through the helpers: each statement commits on its own.
func moveHelped(ctx context.Context, t *asynq.Task) error {
	if _, err := accts.update("accounts").Set("balance", sq.Expr("balance - ?", 10)).Where("id = ?", 1).ExecContext(ctx); err != nil { // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) is not idempotent \(asynq handler moveHelped\)`
		return err
	}
	_, err := accts.insert("ledger").Columns("account_id", "amount").Values(1, -10).ExecContext(ctx)
	return err
}

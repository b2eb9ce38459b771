package a

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// execer is what both the database and a transaction run statements
// with.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// sqlTxKey is where withinSQLTx puts its transaction.
type sqlTxKey struct{}

// sqlConn returns the transaction the context carries, or the database.
func sqlConn(ctx context.Context) execer {
	if tx, ok := ctx.Value(sqlTxKey{}).(*sql.Tx); ok {
		return tx
	}
	return db
}

// The task's own context carries no transaction: each write commits on
// its own.
func debitFromContext(ctx context.Context, t *asynq.Task) error {
	if _, err := sqlConn(ctx).ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1); err != nil { // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) is not idempotent \(asynq handler debitFromContext\)`
		return err
	}
	_, err := sqlConn(ctx).ExecContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", 1, -10)
	return err
}

// Negative: one write, whichever handle runs it.
func debitOnce(ctx context.Context, t *asynq.Task) error {
	_, err := sqlConn(ctx).ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1)
	return err
}

// withinSQLTx runs fn with a context that carries its transaction.
func withinSQLTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(context.WithValue(ctx, sqlTxKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: the unit of work runs both writes in its transaction.
func debitInUnit(ctx context.Context, t *asynq.Task) error {
	return withinSQLTx(ctx, func(ctx context.Context) error {
		if _, err := sqlConn(ctx).ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1); err != nil {
			return err
		}
		_, err := sqlConn(ctx).ExecContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", 1, -10)
		return err
	})
}

// Package txn runs units of work in a transaction that it carries in
// the context, and hands generic work the queries of a transaction.
package txn

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type ctxKey struct{}

// Runner runs work in a transaction.
type Runner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// PgRunner is the pool's Runner.
type PgRunner struct{ Pool *pgxpool.Pool }

// InTx runs fn in a transaction it begins, or in the one ctx carries.
func (r *PgRunner) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := ctx.Value(ctxKey{}).(pgx.Tx); ok {
		return fn(ctx)
	}
	tx, err := r.Pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tx.Rollback(ctx)
		}
	}()
	if err = fn(context.WithValue(ctx, ctxKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// DBTX is what queries run on.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Conn is the transaction ctx carries, or db.
func Conn(ctx context.Context, db DBTX) DBTX {
	if tx, ok := ctx.Value(ctxKey{}).(pgx.Tx); ok {
		return tx
	}
	return db
}

// Queries are the statements of the ledger, on one handle.
type Queries struct{ db DBTX }

// InsertEntry adds a ledger entry.
func (q *Queries) InsertEntry(ctx context.Context, id, account string, amount int64) error {
	_, err := q.db.Exec(ctx, "INSERT INTO entries (id, account_id, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", id, account, amount)
	return err
}

// AddBalance adds to an account's balance.
func (q *Queries) AddBalance(ctx context.Context, account string, amount int64) error {
	_, err := q.db.Exec(ctx, "UPDATE accounts SET balance = balance + $2 WHERE id = $1", account, amount)
	return err
}

// WithTx runs fn with the queries of a transaction it begins.
func WithTx[T any](ctx context.Context, pool *pgxpool.Pool, fn func(q *Queries) (T, error)) (T, error) {
	var zero T
	tx, err := pool.Begin(ctx)
	if err != nil {
		return zero, err
	}
	defer tx.Rollback(ctx)
	out, err := fn(&Queries{db: tx})
	if err != nil {
		return zero, err
	}
	return out, tx.Commit(ctx)
}

// Work is the body of a transaction.
type Work func(tx pgx.Tx) error

// Run runs fn in a transaction it begins, committing when fn succeeds.
func Run(ctx context.Context, pool *pgxpool.Pool, fn Work) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

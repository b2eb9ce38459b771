// Package txm is the transaction manager shared by services and
// repositories. Services open a transaction with WithinTx; repositories pick
// the active transaction out of the context so the same repository method
// works inside and outside a transaction.
package txm

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBTX is the subset of pgx shared by *pgxpool.Pool and pgx.Tx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Manager runs fn inside a database transaction. Nested calls join the
// outer transaction.
type Manager interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type txKey struct{}
type managerKey struct{}

// PgxManager implements Manager on top of a pgx pool.
type PgxManager struct {
	pool *pgxpool.Pool
}

// NewPgxManager returns a Manager backed by pool.
func NewPgxManager(pool *pgxpool.Pool) *PgxManager {
	return &PgxManager{pool: pool}
}

// WithinTx implements Manager.
func (m *PgxManager) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	return pgx.BeginFunc(ctx, m.pool, func(tx pgx.Tx) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// TxFrom returns the transaction bound to ctx, if any.
func TxFrom(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok
}

// Conn returns the active transaction or falls back to db.
func Conn(ctx context.Context, db DBTX) DBTX {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db
}

// WithManager stores m in ctx so that code without a direct dependency on a
// Manager (decorators, job middleware) can still open a transaction.
func WithManager(ctx context.Context, m Manager) context.Context {
	return context.WithValue(ctx, managerKey{}, m)
}

// From returns the Manager stored in ctx.
func From(ctx context.Context) (Manager, error) {
	m, ok := ctx.Value(managerKey{}).(Manager)
	if !ok {
		return nil, errors.New("txm: no transaction manager in context")
	}
	return m, nil
}

// Within is a shorthand for From(ctx).WithinTx(ctx, fn).
func Within(ctx context.Context, fn func(ctx context.Context) error) error {
	m, err := From(ctx)
	if err != nil {
		return err
	}
	return m.WithinTx(ctx, fn)
}

// Package pgstore wraps a pgx pool and lets a transaction travel in the
// context, so repositories run their statements on the caller's
// transaction when there is one and on the pool otherwise.
package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Querier is the subset of pgx shared by *pgxpool.Pool and pgx.Tx.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type txKey struct{}

func withTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok
}

// DB is the handle repositories are built on.
type DB struct {
	pool *pgxpool.Pool
}

// New wraps pool.
func New(pool *pgxpool.Pool) *DB {
	return &DB{pool: pool}
}

// Pool exposes the underlying pool for libraries that need it (river).
func (d *DB) Pool() *pgxpool.Pool { return d.pool }

// Q returns the transaction in ctx, or the pool.
func (d *DB) Q(ctx context.Context) Querier {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return d.pool
}

// InTx runs fn inside a transaction carried in the context passed to fn.
// If ctx already carries a transaction, fn joins it and the outermost
// caller decides whether to commit.
func (d *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := d.pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()

	if err := fn(withTx(ctx, tx)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Transactor is what services depend on to group writes.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// InTxValue is InTx for functions that produce a value.
func InTxValue[T any](ctx context.Context, t Transactor, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := t.InTx(ctx, func(ctx context.Context) error {
		v, err := fn(ctx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("not found")

// NotFound maps pgx.ErrNoRows to ErrNotFound.
func NotFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// IsUniqueViolation reports whether err is a unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// Package store is the hand-written repository layer. Each aggregate has
// its own repository interface; methods take a Querier so callers decide
// whether they run on the pool or inside a transaction.
package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Querier is satisfied by *pgxpool.Pool, *pgx.Conn and pgx.Tx.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// TxRunner runs fn in a transaction that commits when fn returns nil.
type TxRunner interface {
	InTx(ctx context.Context, fn func(tx pgx.Tx) error) error
}

// DB is the pool plus transaction helper handed to services.
type DB struct {
	pool *pgxpool.Pool
}

// NewDB wraps a pool.
func NewDB(pool *pgxpool.Pool) *DB {
	return &DB{pool: pool}
}

// InTx implements TxRunner with pgx.BeginFunc.
func (d *DB) InTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, d.pool, fn)
}

// Q returns the pool as a Querier for single-statement reads and writes.
func (d *DB) Q() Querier {
	return d.pool
}

// Pool exposes the underlying pool for libraries that need it.
func (d *DB) Pool() *pgxpool.Pool {
	return d.pool
}

// TxResult runs fn in a transaction and returns its value.
func TxResult[T any](ctx context.Context, r TxRunner, fn func(tx pgx.Tx) (T, error)) (T, error) {
	var out T
	err := r.InTx(ctx, func(tx pgx.Tx) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

var (
	// ErrNotFound is returned when a row lookup finds nothing.
	ErrNotFound = errors.New("not found")
	// ErrConflict is returned when a state transition is not allowed.
	ErrConflict = errors.New("conflict")
)

// IsUniqueViolation reports whether err is a unique_violation, optionally
// on one of the named constraints.
func IsUniqueViolation(err error, constraints ...string) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23505" {
		return false
	}
	if len(constraints) == 0 {
		return true
	}
	for _, c := range constraints {
		if pgErr.ConstraintName == c {
			return true
		}
	}
	return false
}

func mapErr(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// one collects exactly one row into T by column name.
func one[T any](rows pgx.Rows, err error) (T, error) {
	if err != nil {
		var zero T
		return zero, err
	}
	v, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[T])
	return v, mapErr(err)
}

// many collects all rows into a slice of T by column name.
func many[T any](rows pgx.Rows, err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[T])
}

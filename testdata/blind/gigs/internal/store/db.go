// Package store is the Postgres persistence layer. Repositories are stateless
// and take a Querier on every call so the same method works on the pool or on
// a transaction opened by DB.WithTx.
package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrNotFound is returned by single-row lookups that match nothing.
var ErrNotFound = errors.New("store: not found")

// Querier is the subset of pgx shared by *pgxpool.Pool and pgx.Tx.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Runner hands out queriers: the pool for single statements and a
// transaction for multi-statement units of work.
type Runner interface {
	Q() Querier
	WithTx(ctx context.Context, fn func(q Querier) error) error
}

// DB wraps the pgx pool.
type DB struct {
	pool *pgxpool.Pool
}

// NewDB wraps an existing pool.
func NewDB(pool *pgxpool.Pool) *DB { return &DB{pool: pool} }

// Pool exposes the underlying pool for libraries that need it (River, goose).
func (d *DB) Pool() *pgxpool.Pool { return d.pool }

// Q returns a querier backed by the pool; every statement commits on its own.
func (d *DB) Q() Querier { return d.pool }

// WithTx runs fn inside a read-committed transaction. The transaction commits
// when fn returns nil and rolls back otherwise (including on panic).
func (d *DB) WithTx(ctx context.Context, fn func(q Querier) error) error {
	return pgx.BeginTxFunc(ctx, d.pool, pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, func(tx pgx.Tx) error {
		return fn(tx)
	})
}

// Tx returns the pgx transaction behind q, if q is one. River's InsertTx
// needs the concrete transaction.
func Tx(q Querier) (pgx.Tx, error) {
	tx, ok := q.(pgx.Tx)
	if !ok {
		return nil, fmt.Errorf("store: querier %T is not a transaction", q)
	}
	return tx, nil
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// one maps pgx.ErrNoRows to ErrNotFound and wraps other errors with op.
func one(op string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return fmt.Errorf("%s: %w", op, err)
}

func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", op, err)
}

// collect scans every row with scan and closes rows.
func collect[T any](rows pgx.Rows, scan func(pgx.Row) (T, error)) ([]T, error) {
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

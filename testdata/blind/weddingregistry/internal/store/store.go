// Package store implements the repositories on top of the sqlc queries in
// internal/db and a pgx pool.
package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tiedknot/registry/internal/db"
)

// TxFunc runs inside a transaction. The raw pgx.Tx is passed alongside the
// queries so that River jobs can be inserted in the same transaction.
type TxFunc func(tx pgx.Tx, q *db.Queries) error

// TxRunner runs a TxFunc in a transaction.
type TxRunner interface {
	InTx(ctx context.Context, fn TxFunc) error
}

// Store owns the pool and hands out queries.
type Store struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// New builds a Store.
func New(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool, q: db.New(pool)}
}

// Queries returns queries bound to the pool (autocommit).
func (s *Store) Queries() *db.Queries { return s.q }

// InTx runs fn in a read-committed transaction and commits if it returns nil.
func (s *Store) InTx(ctx context.Context, fn TxFunc) error {
	return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		return fn(tx, s.q.WithTx(tx))
	})
}

// ErrNotFound is returned when a row does not exist.
var ErrNotFound = errors.New("not found")

// ErrDuplicate is returned when a unique constraint rejects a write.
var ErrDuplicate = errors.New("duplicate")

const uniqueViolation = "23505"

// mapErr turns driver errors into the store's sentinel errors.
func mapErr(err error, what string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation {
		return fmt.Errorf("%s: %w (%s)", what, ErrDuplicate, pgErr.ConstraintName)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// IsNotFound reports whether err wraps ErrNotFound or pgx.ErrNoRows.
func IsNotFound(err error) bool {
	return errors.Is(err, ErrNotFound) || errors.Is(err, pgx.ErrNoRows)
}
